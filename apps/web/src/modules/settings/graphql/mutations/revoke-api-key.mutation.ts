import { graphql } from '../../../../gql';

export const REVOKE_API_KEY_MUTATION = graphql(`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      ...ApiKeyFields
    }
  }
`);
