/**
 * A candidate's neighbours in its conversation, or in its inferred session for a memory added without one,
 * nearest first (by creation time, then insertion order).
 */
export interface ConversationNeighbours {
  readonly previous: readonly string[];
  readonly next: readonly string[];
}
