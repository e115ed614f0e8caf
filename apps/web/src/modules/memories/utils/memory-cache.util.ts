import type { ApolloCache, Reference } from '@apollo/client';

interface CachedMemoryPage {
  readonly memories: readonly Reference[];
  readonly count: number;
  readonly totalCount: number;
}

const isCachedPage = (value: unknown): value is CachedMemoryPage =>
  typeof value === 'object' && value !== null && Array.isArray((value as { memories?: unknown }).memories);

/**
 * Removes a deleted memory from every cached page of `memories` (whatever their sort, filter or offset)
 * and counts it out of their totals, so the list and its "n of m" agree without a reload.
 */
export function removeMemoryFromCachedPages(cache: ApolloCache, memoryId: string): void {
  const id = cache.identify({ __typename: 'Memory', id: memoryId });
  cache.modify({
    fields: {
      memories(existing: unknown, { readField }) {
        if (!isCachedPage(existing)) return existing;
        const kept = existing.memories.filter((ref) => readField<string>('id', ref) !== memoryId);
        if (kept.length === existing.memories.length) return existing;
        return {
          ...existing,
          memories: kept,
          count: kept.length,
          totalCount: Math.max(0, existing.totalCount - 1),
        };
      },
    },
  });
  if (id) cache.evict({ id });
  cache.gc();
}
