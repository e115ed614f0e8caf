import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

/** The BFF is served from the same origin as the app. */
export const GRAPHQL_ENDPOINT = '/graphql';

export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    // HttpLink posts application/json, which satisfies the server's CSRF prevention.
    link: new HttpLink({ uri: GRAPHQL_ENDPOINT, credentials: 'same-origin' }),
    cache: new InMemoryCache(),
  });
}
