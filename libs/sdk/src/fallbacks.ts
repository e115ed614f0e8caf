import type { FallbackSearchResponse, Memory, MemoryStats } from './types.js';

/** Section 9: the spec's constants the client relies on. */
export const EMBEDDING_SIZE = 1536;
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_SEARCH_LIMIT = 10;
/** The fallbacks of search and stats read this many memories. */
export const FALLBACK_READ_LIMIT = 100;
export const DEFAULT_IMPORTANCE = 0.5;

/** A memory's importance: the field, else `importance` inside its metadata, else 0.5. */
export function importanceOf(memory: Pick<Memory, 'importance' | 'metadata'>): number {
  if (typeof memory.importance === 'number') return memory.importance;
  try {
    const metadata: unknown = JSON.parse(memory.metadata);
    const inside =
      typeof metadata === 'object' && metadata !== null
        ? (metadata as Record<string, unknown>)['importance']
        : undefined;
    return typeof inside === 'number' ? inside : DEFAULT_IMPORTANCE;
  } catch {
    return DEFAULT_IMPORTANCE;
  }
}

/** Section 7, search fallback: case-insensitive substring of the text, up to `limit` memories. */
export function substringSearch(
  memories: readonly Memory[],
  query: string,
  limit: number,
): FallbackSearchResponse {
  const needle = query.toLowerCase();
  const found = memories.filter((memory) => memory.text.toLowerCase().includes(needle)).slice(0, limit);
  return { memories: found, count: found.length };
}

/**
 * Section 7, stats fallback: from the memories read (open ones: closed facts are not listed), with
 * closed_count, concept_count and relation_count 0; with none:
 * 0, 0, the current time, 0, 0.
 */
export function statsOf(memories: readonly Memory[], now: Date = new Date()): MemoryStats {
  if (memories.length === 0) {
    return {
      memory_count: 0,
      avg_importance: 0,
      oldest_timestamp: now.toISOString(),
      closed_count: 0,
      concept_count: 0,
      relation_count: 0,
    };
  }
  const times = memories.map((memory) => memory.created_at ?? memory.timestamp);
  const oldest = times.reduce((min, time) => (Date.parse(time) < Date.parse(min) ? time : min));
  return {
    memory_count: memories.length,
    avg_importance: memories.reduce((sum, memory) => sum + importanceOf(memory), 0) / memories.length,
    oldest_timestamp: oldest,
    closed_count: 0,
    concept_count: 0,
    relation_count: 0,
  };
}

/**
 * Section 7, embedding fallback: a random vector of EMBEDDING_SIZE numbers in [-1, 1). The server never does
 * this (it computes a real embedding for a memory stored without one); only this client-side helper does,
 * so that a caller of `generateEmbedding` keeps working when the gateway is unreachable. Do not store it.
 */
export function randomEmbedding(size: number = EMBEDDING_SIZE): number[] {
  return Array.from({ length: size }, () => Math.random() * 2 - 1);
}
