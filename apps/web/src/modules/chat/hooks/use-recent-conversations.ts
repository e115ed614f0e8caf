import { useQuery } from '@apollo/client/react';
import type { ConversationSummaryFieldsFragment } from '../../../gql/graphql';
import { CONVERSATIONS_QUERY } from '../graphql/queries/conversations.query';

/** Conversations the dashboard lists. */
export const RECENT_CONVERSATIONS_LIMIT = 5;

export interface RecentConversations {
  readonly conversations: readonly ConversationSummaryFieldsFragment[];
  /** 0 while loading or when loading failed (the dashboard's fallback). */
  readonly totalCount: number;
}

/** The dashboard's view of the chat: the newest conversations and how many there are. */
export function useRecentConversations(): RecentConversations {
  const { data } = useQuery(CONVERSATIONS_QUERY, {
    variables: { limit: RECENT_CONVERSATIONS_LIMIT },
    fetchPolicy: 'cache-and-network',
  });
  return {
    conversations: data?.conversations.conversations ?? [],
    totalCount: data?.conversations.totalCount ?? 0,
  };
}
