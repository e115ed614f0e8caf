/**
 * A candidate's neighbours in its conversation, or in its inferred session for a memory added without one,
 * nearest first (by creation time, then insertion order).
 */
import type { RankableWithId } from './memory.js';

export interface ConversationNeighbours {
  readonly previous: readonly string[];
  readonly next: readonly string[];
  /**
   * What the ranker reads of those neighbours, when the store holds it at hand (some or all of them; the
   * caller loads the rest), as a channel's candidate may come with its `memory`.
   */
  readonly rows?: readonly RankableWithId[];
}
