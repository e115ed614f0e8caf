import type { ApolloClient } from '@apollo/client';
import { GraphqlErrorCode } from '@membolt/contracts/rules';
import { ErrorLink } from '@apollo/client/link/error';
import { from, of, switchMap, throwError } from 'rxjs';
import { REFRESH_SESSION_MUTATION } from '../graphql/mutations/refresh-session.mutation';
import { graphqlErrorCode } from '../utils/graphql-error.util';
import { browserCrossTabRefresh, type CrossTabRefresh } from './cross-tab-refresh';

// Their UNAUTHENTICATED answer means "there is no session", not "the access cookie expired".
const OPERATIONS_NEVER_REFRESHED = new Set(['RefreshSession', 'SignOut']);

type RefreshOutcome = 'refreshed' | 'session-ended' | 'unreachable';

export interface SessionRefreshLinkOptions {
  /** Called once when the server refuses the refresh: the session is over. */
  readonly onSessionEnded: () => void;
  /** Coordination with the other tabs of this browser (they share the cookies). */
  readonly crossTab?: CrossTabRefresh;
}

/**
 * The access cookie lasts 15 minutes. An operation answered UNAUTHENTICATED triggers one `refreshSession`
 * and is then retried once. Concurrent failures share the same refresh: the server revokes the whole
 * session when one refresh token is presented twice; across tabs, see cross-tab-refresh.ts.
 */
export function createSessionRefreshLink({
  onSessionEnded,
  crossTab = browserCrossTabRefresh(),
}: SessionRefreshLinkOptions): ErrorLink {
  let inFlight: Promise<RefreshOutcome> | null = null;

  const refresh = (client: ApolloClient): Promise<RefreshOutcome> =>
    client.mutate({ mutation: REFRESH_SESSION_MUTATION, fetchPolicy: 'no-cache' }).then(
      (): RefreshOutcome => 'refreshed',
      (error: unknown): RefreshOutcome => {
        // A network failure says nothing about the session: keep it, the operation fails as it did.
        if (graphqlErrorCode(error) === undefined) return 'unreachable';
        onSessionEnded();
        return 'session-ended';
      },
    );

  const refreshOnce = (client: ApolloClient): Promise<RefreshOutcome> => {
    inFlight ??= crossTab
      .refreshOrWait(() => refresh(client))
      // null: another tab just refreshed the shared cookies, so retrying is enough.
      .then((outcome) => outcome ?? 'refreshed')
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  return new ErrorLink(({ error, result, operation, forward }) => {
    if (graphqlErrorCode(error) !== GraphqlErrorCode.Unauthenticated) return;
    if (OPERATIONS_NEVER_REFRESHED.has(operation.operationName ?? '')) return;
    return from(refreshOnce(operation.client)).pipe(
      switchMap((outcome) => {
        if (outcome === 'refreshed') return forward(operation);
        return result ? of(result) : throwError(() => error);
      }),
    );
  });
}
