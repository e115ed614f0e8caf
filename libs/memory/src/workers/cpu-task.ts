import type { ExtractedConcept } from '../retrieval/concepts.js';

/** Work the memory service hands to its CPU worker thread. */
export type CpuTask =
  | { readonly kind: 'concepts'; readonly texts: readonly string[] }
  | { readonly kind: 'embed'; readonly dimension: number; readonly texts: readonly string[] }
  | { readonly kind: 'sentences'; readonly texts: readonly string[] };

export type CpuTaskAnswer =
  | { readonly kind: 'concepts'; readonly concepts: ExtractedConcept[][] }
  | { readonly kind: 'embed'; readonly vectors: Float32Array }
  | { readonly kind: 'sentences'; readonly dimension: number; readonly vectors: Float32Array };
