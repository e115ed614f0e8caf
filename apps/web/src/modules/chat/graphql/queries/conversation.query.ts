import { graphql } from '../../../../gql';

/** One stored conversation, reopened at /chat/{id}. */
export const CONVERSATION_QUERY = graphql(`
  query Conversation($id: ID!) {
    conversation(id: $id) {
      id
      title
      model
      messages {
        ...ChatMessageFields
      }
    }
  }
`);
