import { graphql } from '../../../../gql';

/** A language-model key as the list shows it: never the key, only its last 4 characters. */
export const PROVIDER_KEY_FIELDS_FRAGMENT = graphql(`
  fragment ProviderKeyFields on ProviderKey {
    id
    provider
    last4
    baseUrl
    createdAt
  }
`);
