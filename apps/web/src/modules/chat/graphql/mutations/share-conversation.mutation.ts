import { graphql } from '../../../../gql';

/** Creates the read-only link to the conversation, or answers the one it has. */
export const SHARE_CONVERSATION_MUTATION = graphql(`
  mutation ShareConversation($id: ID!) {
    shareConversation(id: $id) {
      token
      sharedAt
    }
  }
`);

/** Revokes the read-only link: it finds nothing from then on. */
export const REVOKE_CONVERSATION_SHARE_MUTATION = graphql(`
  mutation RevokeConversationShare($id: ID!) {
    revokeConversationShare(id: $id) {
      id
      share {
        token
        sharedAt
      }
    }
  }
`);
