import { graphql } from '../../../gql';

/** The dashboard's conversation cards and its Recent Conversations list (the chat service). */
export const RECENT_CONVERSATIONS_QUERY = graphql(`
  query RecentConversations($limit: Int) {
    conversations(limit: $limit) {
      totalCount
      conversations {
        id
        title
        preview
        memoryCount
        updatedAt
      }
    }
  }
`);
