import { graphql } from '../../../../gql';

export const REMOVE_PROVIDER_KEY_MUTATION = graphql(`
  mutation RemoveProviderKey($id: ID!) {
    removeProviderKey(id: $id) {
      id
    }
  }
`);
