import { graphql } from '../../../../gql';

/** The user's language-model keys, one per provider at most. */
export const PROVIDER_KEYS_QUERY = graphql(`
  query ProviderKeys {
    providerKeys {
      ...ProviderKeyFields
    }
  }
`);
