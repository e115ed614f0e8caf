import type { CandidateFact } from './fact.js';
import { normaliseValue } from './fact.js';

/** What is known on a fact's subject, or close to its text (the memory service's answer, simplified). */
export interface KnownFact {
  readonly id: string;
  readonly text: string;
  /** The metadata `subject` and `value` an extracted memory carries (null for other memories). */
  readonly subject: string | null;
  readonly value: string | null;
}

export type Reconciliation =
  /** Already known in these words (or the same fact again): nothing changes. */
  | { readonly action: 'skip'; readonly memoryId: string }
  /** Same subject, same value, new words: the memory is updated (the memory service keeps the old version). */
  | { readonly action: 'update'; readonly memoryId: string }
  /** New: added; `close` lists the facts it contradicts, which are closed (valid_to) and kept for the past. */
  | { readonly action: 'add'; readonly close: readonly string[] }
  /** A fact stated in the past that is still open here ("In 2023 I lived in Madrid"): it is closed, not added. */
  | { readonly action: 'close'; readonly close: readonly string[] };

const sameWords = (a: string, b: string) => normaliseValue(a) === normaliseValue(b);

/**
 * Compares a candidate with the open facts on its subject and the memories closest to its text:
 * - the same words as an open memory: skip (a duplicate);
 * - an open fact on the subject with the same value: update it (new words, same fact);
 * - open facts on the subject with another value: a contradiction; close them and add the new fact. A
 *   negation ("no longer lives in Paris", value "not paris") closes only the fact it negates ("paris");
 * - nothing on the subject: add.
 * A fact stated in the past (`validTo` given) contradicts nothing: it closes the open fact that says the same
 * (same subject and value), or is added as a closed fact.
 */
export function reconcile(
  candidate: CandidateFact,
  onSubject: readonly KnownFact[],
  similar: readonly KnownFact[],
): Reconciliation {
  const duplicate = [...onSubject, ...similar].find((known) => sameWords(known.text, candidate.text));
  if (duplicate) return { action: 'skip', memoryId: duplicate.id };
  if (candidate.validTo !== undefined) {
    const stillOpen = onSubject.filter((known) => known.value === candidate.value);
    return stillOpen.length > 0
      ? { action: 'close', close: stillOpen.map((known) => known.id) }
      : { action: 'add', close: [] };
  }
  const sameValue = onSubject.find((known) => known.value === candidate.value);
  if (sameValue) return { action: 'update', memoryId: sameValue.id };
  if (candidate.kind === 'negation' && candidate.value.startsWith('not ')) {
    const negated = candidate.value.slice(4);
    return {
      action: 'add',
      close: onSubject.filter((known) => known.value === negated).map((known) => known.id),
    };
  }
  return { action: 'add', close: onSubject.map((known) => known.id) };
}
