import { graphql } from '../../../../gql';

/** Whether the conversation is shared, and under which link (the Share dialog). */
export const CONVERSATION_SHARE_QUERY = graphql(`
  query ConversationShare($id: ID!) {
    conversation(id: $id) {
      id
      share {
        token
        sharedAt
      }
    }
  }
`);
