import { graphql } from '../../../../gql';

/** The conversation list beside the chat, most recently active first. */
export const CONVERSATIONS_QUERY = graphql(`
  query Conversations($limit: Int!) {
    conversations(limit: $limit, offset: 0) {
      totalCount
      conversations {
        ...ConversationSummaryFields
      }
    }
  }
`);
