import { graphql } from '../../../gql';

/** A conversation shared read-only, by its link's token (no session needed). */
export const SHARED_CONVERSATION_QUERY = graphql(`
  query SharedConversation($token: String!) {
    sharedConversation(token: $token) {
      title
      sharedAt
      messages {
        role
        content
        createdAt
      }
    }
  }
`);
