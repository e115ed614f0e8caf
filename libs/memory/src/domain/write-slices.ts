/**
 * How many imported memories one transaction writes (decision 227). A row costs about twice the CPU in a
 * transaction of 25 as in one of 1,000 (the commit writes every B-tree page the rows touched), but a
 * transaction holds the event loop that answers every other request (decisions 208, 223). So an import starts
 * at IMPORT_SLICE_FIRST lines and sizes each next slice from how long the last one held the loop in wall time:
 * a quiet machine writes slices of a few hundred, a loaded one (where wall time is several times the CPU)
 * stays near the first size.
 */
export const IMPORT_SLICE_FIRST = 25;
export const IMPORT_SLICE_MAX = 500;
/** Wall time a slice's write aims to hold the loop. */
const IMPORT_SLICE_TARGET_MS = 10;

/** The next slice's size after `size` lines took `elapsedMs` of wall time: at most double or half the last. */
export function nextImportSlice(size: number, elapsedMs: number): number {
  const scaled = Math.round((size * IMPORT_SLICE_TARGET_MS) / Math.max(elapsedMs, 0.01));
  const bounded = Math.min(size * 2, Math.max(Math.floor(size / 2), scaled));
  return Math.min(IMPORT_SLICE_MAX, Math.max(IMPORT_SLICE_FIRST, bounded));
}
