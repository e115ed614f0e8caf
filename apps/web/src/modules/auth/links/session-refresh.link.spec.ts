import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { describe, expect, it } from '@jest/globals';
import { Observable } from 'rxjs';
import { VIEWER_QUERY } from '../graphql/queries/viewer.query';
import { API_KEYS_QUERY } from '../../settings/graphql/queries/api-keys.query';
import type { CrossTabRefresh } from './cross-tab-refresh';
import { createSessionRefreshLink } from './session-refresh.link';

const unauthenticated = {
  data: null,
  errors: [{ message: 'Please sign in to continue.', extensions: { code: 'UNAUTHENTICATED' } }],
};

const aViewer = () => ({
  __typename: 'Viewer' as const,
  id: 'user-1',
  email: 'ada@example.com',
  name: 'Ada',
  bio: 'AI enthusiast and technology lover.',
  createdAt: '2030-01-15T09:00:00.000Z',
  lastActiveAt: null,
  settings: { __typename: 'UserSettings' as const, theme: 'light', defaultModel: 'claude-3-7-sonnet' },
  notifications: {
    __typename: 'NotificationPreferences' as const,
    emailNotifications: true,
    newFeatures: true,
    marketingEmails: false,
    conversationSummaries: true,
  },
  memoryGraph: {
    __typename: 'MemoryGraph' as const,
    id: 'graph_1',
    status: 'active',
    createdAt: '2030-01-15T09:00:00.000Z',
  },
  authMethods: ['password'],
  setupComplete: true,
  plan: 'free',
});

/**
 * A stand-in for the server: the access cookie is "expired" until a refresh succeeds; each refresh is
 * answered after the current macrotask, so failures that arrive together overlap with it.
 */
function fakeServer({ refreshSucceeds }: { refreshSucceeds: boolean }) {
  const calls: string[] = [];
  let sessionValid = false;
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const name = operation.operationName ?? 'anonymous';
        calls.push(name);
        setTimeout(() => {
          if (name === 'RefreshSession') {
            sessionValid = refreshSucceeds;
            observer.next(
              refreshSucceeds
                ? { data: { refreshSession: { __typename: 'Viewer', id: 'user-1' } } }
                : unauthenticated,
            );
          } else if (!sessionValid) {
            observer.next(unauthenticated);
          } else if (name === 'Viewer') {
            observer.next({ data: { viewer: aViewer() } });
          } else {
            observer.next({ data: { apiKeys: [] } });
          }
          observer.complete();
        }, 5);
      }),
  );
  return { calls, link };
}

describe('session refresh link', () => {
  it('refreshes once for concurrent UNAUTHENTICATED failures and retries each operation once', async () => {
    const server = fakeServer({ refreshSucceeds: true });
    let ended = 0;
    const client = new ApolloClient({
      link: ApolloLink.from([createSessionRefreshLink({ onSessionEnded: () => ended++ }), server.link]),
      cache: new InMemoryCache(),
    });

    const [viewer, keys] = await Promise.all([
      client.query({ query: VIEWER_QUERY, fetchPolicy: 'network-only' }),
      client.query({ query: API_KEYS_QUERY, fetchPolicy: 'network-only' }),
    ]);

    expect(viewer.data?.viewer.email).toBe('ada@example.com');
    expect(keys.data?.apiKeys).toEqual([]);
    expect(server.calls.filter((name) => name === 'RefreshSession')).toHaveLength(1);
    expect(server.calls.filter((name) => name === 'Viewer')).toHaveLength(2);
    expect(server.calls.filter((name) => name === 'ApiKeys')).toHaveLength(2);
    expect(ended).toBe(0);
  });

  it('signs out once when the refresh is refused, and the operations fail with their own error', async () => {
    const server = fakeServer({ refreshSucceeds: false });
    let ended = 0;
    const client = new ApolloClient({
      link: ApolloLink.from([createSessionRefreshLink({ onSessionEnded: () => ended++ }), server.link]),
      cache: new InMemoryCache(),
    });

    const results = await Promise.allSettled([
      client.query({ query: VIEWER_QUERY, fetchPolicy: 'network-only' }),
      client.query({ query: API_KEYS_QUERY, fetchPolicy: 'network-only' }),
    ]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(server.calls.filter((name) => name === 'RefreshSession')).toHaveLength(1);
    expect(server.calls.filter((name) => name === 'Viewer')).toHaveLength(1);
    expect(ended).toBe(1);
  });

  it('does not refresh again when another tab is refreshing: it waits, then retries with the new cookies', async () => {
    const server = fakeServer({ refreshSucceeds: true });
    const anotherTabIsRefreshing: CrossTabRefresh = { refreshOrWait: async () => null };
    const client = new ApolloClient({
      link: ApolloLink.from([
        createSessionRefreshLink({ onSessionEnded: () => undefined, crossTab: anotherTabIsRefreshing }),
        server.link,
      ]),
      cache: new InMemoryCache(),
    });

    await client.query({ query: API_KEYS_QUERY, fetchPolicy: 'network-only' }).catch(() => undefined);

    expect(server.calls).toEqual(['ApiKeys', 'ApiKeys']);
  });

  it('refreshes through the cross-tab coordination when no other tab is refreshing', async () => {
    const server = fakeServer({ refreshSucceeds: true });
    const events: string[] = [];
    const crossTab: CrossTabRefresh = {
      refreshOrWait: async (refresh) => {
        events.push('lock');
        const outcome = await refresh();
        events.push('unlock');
        return outcome;
      },
    };
    const client = new ApolloClient({
      link: ApolloLink.from([
        createSessionRefreshLink({ onSessionEnded: () => undefined, crossTab }),
        server.link,
      ]),
      cache: new InMemoryCache(),
    });

    const viewer = await client.query({ query: VIEWER_QUERY, fetchPolicy: 'network-only' });

    expect(viewer.data?.viewer.email).toBe('ada@example.com');
    expect(events).toEqual(['lock', 'unlock']);
    expect(server.calls).toEqual(['Viewer', 'RefreshSession', 'Viewer']);
  });
});
