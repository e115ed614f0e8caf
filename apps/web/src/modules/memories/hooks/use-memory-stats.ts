import { useQuery } from '@apollo/client/react';
import { MEMORY_STATS_QUERY } from '../graphql/queries/memory-stats.query';

export interface MemoryStatsState {
  /** Memories stored; 0 while loading or when loading failed (the dashboard's fallback). */
  readonly memoryCount: number;
  readonly loaded: boolean;
  readonly failed: boolean;
}

/** The signed-in user's memory totals, fresh each time a screen shows them. */
export function useMemoryStats(): MemoryStatsState {
  const { data, error } = useQuery(MEMORY_STATS_QUERY, { fetchPolicy: 'cache-and-network' });
  return {
    memoryCount: data?.memoryStats.memoryCount ?? 0,
    loaded: data !== undefined,
    failed: Boolean(error),
  };
}
