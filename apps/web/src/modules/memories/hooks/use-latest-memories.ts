import { useQuery } from '@apollo/client/react';
import { MemoryScreenLimits } from '@membolt/contracts/rules';
import type { MemoryFieldsFragment } from '../../../gql/graphql';
import { MEMORIES_QUERY } from '../graphql/queries/memories.query';

export interface LatestMemories {
  readonly memories: readonly MemoryFieldsFragment[];
  readonly loading: boolean;
  /** Whether the last load failed (show MemoryMessages.chatPanelLoadFailed). */
  readonly failed: boolean;
  readonly reload: () => Promise<unknown>;
}

/**
 * The newest memories for the chat's memory side panel (docs/requirements/web-app.md: the 5 latest, newest first).
 * `limit` defaults to the panel's; the dashboard may ask for its own.
 */
export function useLatestMemories(limit: number = MemoryScreenLimits.chatPanel): LatestMemories {
  const { data, loading, error, refetch } = useQuery(MEMORIES_QUERY, {
    variables: { limit, offset: 0, sort: 'recent' },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  return {
    memories: data?.memories.memories ?? [],
    loading: loading && !data,
    failed: Boolean(error),
    reload: () => refetch(),
  };
}
