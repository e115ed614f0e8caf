import { graphql } from '../../../../gql';

/** Whether this server offers "Sign in with Google" (OpenID Connect). */
export const AUTH_CONFIG_QUERY = graphql(`
  query AuthConfig {
    authConfig {
      googleEnabled
      googleProviderName
    }
  }
`);
