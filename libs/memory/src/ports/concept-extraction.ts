import type { ExtractedConcept } from '../domain/extracted-concept.js';

/** Concepts of many texts at once, in order (the memory service runs it in its worker thread). */
export interface ConceptExtraction {
  extract(texts: readonly string[]): Promise<ExtractedConcept[][]>;
  /** A bulk backlog is linked: what extraction holds (a thread's heap) may go back soon after. */
  bulkDone?(): void;
}

export const CONCEPT_EXTRACTION = Symbol('CONCEPT_EXTRACTION');
