import { graphql } from '../../../../gql';

/** Rotates the refresh cookie and issues a new access cookie; only the session link sends it. */
export const REFRESH_SESSION_MUTATION = graphql(`
  mutation RefreshSession {
    refreshSession {
      id
    }
  }
`);
