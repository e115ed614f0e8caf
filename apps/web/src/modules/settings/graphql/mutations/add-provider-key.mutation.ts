import { graphql } from '../../../../gql';

export const ADD_PROVIDER_KEY_MUTATION = graphql(`
  mutation AddProviderKey($input: AddProviderKeyInput!) {
    addProviderKey(input: $input) {
      ...ProviderKeyFields
    }
  }
`);
