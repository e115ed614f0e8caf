import { graphql } from '../../../../gql';

/** All of the user's keys, revoked ones included, newest first. */
export const API_KEYS_QUERY = graphql(`
  query ApiKeys {
    apiKeys {
      ...ApiKeyFields
    }
  }
`);
