import type { ConceptKind } from '@membolt/contracts';

/** A concept found in a memory's text: what extraction hands the concept graph. */
export interface ExtractedConcept {
  /** Normalised: lowercase, no possessive, no leading article, single spaces. */
  readonly name: string;
  readonly kind: ConceptKind;
}
