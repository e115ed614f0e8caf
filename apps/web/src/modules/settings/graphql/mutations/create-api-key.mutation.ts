import { graphql } from '../../../../gql';

/** The secret comes back only here, once. */
export const CREATE_API_KEY_MUTATION = graphql(`
  mutation CreateApiKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      secret
      apiKey {
        ...ApiKeyFields
      }
    }
  }
`);
