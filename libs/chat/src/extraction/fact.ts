import type { MemoryCategory } from '@membolt/contracts';

/** What an extracted fact does to what was known. */
export type FactKind = 'fact' | 'negation' | 'correction';

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
}

/** Subjects that hold one value at a time: a new value closes the old fact. Others hold one fact per subject. */
export const normaliseValue = (value: string): string =>
  value
    .toLowerCase()
    .replace(/^(the|a|an|my)\s+/, '')
    .replace(/[^\p{L}\p{N}\s'-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
