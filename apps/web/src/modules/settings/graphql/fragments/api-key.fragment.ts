import { graphql } from '../../../../gql';

/** A key as the list shows it: never the secret, only its first characters. */
export const API_KEY_FIELDS_FRAGMENT = graphql(`
  fragment ApiKeyFields on ApiKey {
    id
    name
    description
    displayPrefix
    active
    createdAt
    lastUsedAt
    revokedAt
  }
`);
