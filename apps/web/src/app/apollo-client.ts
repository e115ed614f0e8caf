import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { createSessionRefreshLink } from '../modules/auth/links/session-refresh.link';
import {
  createSubscriptionRefusalLink,
  type SubscriptionRefusalSignal,
} from '../modules/billing/links/subscription-refusal.link';

/** The BFF is served from the same origin as the app. */
const GRAPHQL_ENDPOINT = '/graphql';

export interface ApolloClientOptions {
  /** The server refused to refresh the session: the user is signed out. */
  readonly onSessionEnded: () => void;
  /** The server refused an operation for a subscription reason: the problem dialog opens. */
  readonly subscriptionRefusals: SubscriptionRefusalSignal;
}

export function createApolloClient({
  onSessionEnded,
  subscriptionRefusals,
}: ApolloClientOptions): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([
      createSessionRefreshLink({ onSessionEnded }),
      createSubscriptionRefusalLink(subscriptionRefusals),
      // HttpLink posts application/json, which satisfies the server's CSRF prevention. Session cookies are
      // httpOnly: the browser sends them, the app never sees a token.
      new HttpLink({ uri: GRAPHQL_ENDPOINT, credentials: 'same-origin' }),
    ]),
    cache: new InMemoryCache(),
  });
}
