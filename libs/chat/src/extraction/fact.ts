import type { FactSlot, MemoryCategory } from '@membolt/contracts/rules';

/** What an extracted fact does to what was known. */
export type FactKind = 'fact' | 'negation' | 'correction';

// The slot vocabulary is shared with the memory service's search: one list, in the contracts.
// The rules subpath: the chat worker thread loads this module, and the contracts' index would load every schema.
export { FACT_SLOTS, type FactSlot } from '@membolt/contracts/rules';

/**
 * Open facts a statement ends ("I quit my job at X", "we broke up", "sold the Civic"): every condition given
 * must hold. `mentions` is a word the fact's text must contain (at the start of a word, any case).
 */
export interface FactEnding {
  readonly slot?: FactSlot;
  readonly subject?: string;
  readonly subjectPrefix?: string;
  readonly value?: string;
  readonly mentions?: string;
}

/** A fact about the user, extracted from what they said. */
export interface CandidateFact {
  /** The fact in the third person ("User lives in Lisbon."). */
  readonly text: string;
  readonly category: MemoryCategory;
  readonly importance: number;
  readonly kind: FactKind;
  /** What the fact is about: facts on one subject replace each other ("residence", "likes:coffee"). */
  readonly subject: string;
  /** The fact's value on its subject, normalised ("lisbon", "like", "google"). */
  readonly value: string;
  /** When the fact started to hold, when the statement says so ("in 2023", "since March 2019"). */
  readonly validFrom?: string;
  /** When the fact stopped holding: a fact stated in the past ("In 2023 I lived in Madrid", "I used to ..."). */
  readonly validTo?: string;
  /** Other open facts the statement ends (closed at validFrom, or now). */
  readonly ends?: readonly FactEnding[];
  /**
   * Whether the statement is kept as a memory of its own when it ended something ("User no longer works at
   * X" says nothing the closed fact does not); default true.
   */
  readonly keepWhenEnding?: boolean;
  /** A correction of a name said before ("his name is Rolo, not Rollo"): facts naming `from` are restated. */
  readonly rename?: { readonly from: string; readonly to: string };
}

/** Subjects that hold one value at a time: a new value closes the old fact. Others hold one fact per subject. */
export const normaliseValue = (value: string): string =>
  value
    .toLowerCase()
    .replace(/^(the|a|an|my)\s+/, '')
    .replace(/[^\p{L}\p{N}\s'-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The slot of a subject, for facts that do not name one (the model's, and older memories). */
export function slotOfSubject(subject: string): FactSlot {
  const head = subject.split(':')[0]!;
  switch (head) {
    case 'name':
      return 'name';
    case 'residence':
      return 'residence';
    case 'origin':
    case 'born':
      return 'origin';
    case 'occupation':
    case 'employer':
    case 'job-offer':
      return 'occupation';
    case 'study':
      return 'education';
    case 'diet':
    case 'consumes':
      return 'diet';
    case 'allergy':
      return 'allergy';
    case 'pet':
      return 'pet';
    case 'family':
    case 'relationship':
    case 'role':
    case 'person':
      return /^family:(?:has:)?(?:dog|cat|puppy|kitten|pet|hamster|rabbit|parrot|horse)s?\b/.test(subject)
        ? 'pet'
        : 'family';
    case 'owns':
    case 'vehicle':
      return 'vehicle';
    case 'hobby':
    case 'plays':
    case 'exercise':
    case 'interest':
    case 'learning':
      return 'hobby';
    case 'health':
    case 'age':
      return 'health';
    case 'likes':
    case 'prefers':
    case 'favorite':
    case 'switched':
      return 'preference';
    case 'email':
    case 'phone number':
    case 'address':
      return 'contact';
    case 'plan':
      return 'plan';
    case 'event':
      return 'life-event';
    default:
      return 'other';
  }
}
