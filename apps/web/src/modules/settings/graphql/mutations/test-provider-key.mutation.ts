import { graphql } from '../../../../gql';

/** One cheap call with the stored key, made by the chat service. */
export const TEST_PROVIDER_KEY_MUTATION = graphql(`
  mutation TestProviderKey($id: ID!) {
    testProviderKey(id: $id) {
      ok
      provider
      message
      model
    }
  }
`);
