import { useApolloClient, useQuery } from '@apollo/client/react';
import { isTheme } from '@membolt/contracts/rules';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useThemeMode } from '../../app/theme/theme-mode.context';
import {
  AuthContext,
  type AuthContextValue,
  type AuthStatus,
  type SignInValues,
  type SignUpValues,
} from './auth.context';
import { SIGN_IN_MUTATION } from './graphql/mutations/sign-in.mutation';
import { SIGN_OUT_MUTATION } from './graphql/mutations/sign-out.mutation';
import { SIGN_UP_MUTATION } from './graphql/mutations/sign-up.mutation';
import { VIEWER_QUERY } from './graphql/queries/viewer.query';
import type { SessionEndedSignal } from './session-ended.signal';

/** `probe`: the first sign-in check; `active`: signed in (or loading after a sign-in); `ended`: signed out. */
type SessionPhase = 'probe' | 'active' | 'ended';

interface AuthProviderProps {
  readonly sessionEnded: SessionEndedSignal;
  readonly children: ReactNode;
}

/**
 * The signed-in user, loaded once at start from `viewer`. Nothing renders until that first check has
 * answered, so no screen flashes a signed-out state for a signed-in user.
 */
export function AuthProvider({ sessionEnded, children }: AuthProviderProps) {
  const client = useApolloClient();
  const { setMode } = useThemeMode();
  const [phase, setPhase] = useState<SessionPhase>('probe');
  const [notice, setNotice] = useState<string | null>(null);
  const viewerQuery = useQuery(VIEWER_QUERY, { skip: phase === 'ended' });

  const user = phase === 'ended' ? null : (viewerQuery.data?.viewer ?? null);
  let status: AuthStatus;
  if (phase === 'ended') status = 'signedOut';
  else if (user) status = 'signedIn';
  else if (viewerQuery.error) status = 'signedOut';
  else status = 'loading';

  /**
   * Forgets a session: the cache is cleared first, while the screens that used it are still mounted, so
   * no query of the signed-out screens is in flight when the store is reset (a reset cancels them).
   */
  const forgetSession = useCallback(
    async (reason?: string) => {
      try {
        await client.clearStore();
      } finally {
        setNotice(reason ?? null);
        setPhase('ended');
      }
    },
    [client],
  );

  useEffect(() => sessionEnded.subscribe(() => void forgetSession()), [sessionEnded, forgetSession]);

  // A failed first check (no session, or no server) means signed out; there is nothing to forget.
  useEffect(() => {
    if (viewerQuery.error) setPhase('ended');
  }, [viewerQuery.error]);

  const savedTheme = user?.settings.theme;
  useEffect(() => {
    if (isTheme(savedTheme)) setMode(savedTheme);
  }, [savedTheme, setMode]);

  const signIn = useCallback(
    async (values: SignInValues) => {
      const { data } = await client.mutate({ mutation: SIGN_IN_MUTATION, variables: { input: values } });
      if (!data) throw new Error('The sign-in answered no account');
      client.writeQuery({ query: VIEWER_QUERY, data: { viewer: data.signIn } });
      setNotice(null);
      setPhase('active');
    },
    [client],
  );

  const signUp = useCallback(
    async (values: SignUpValues) => {
      const { data } = await client.mutate({ mutation: SIGN_UP_MUTATION, variables: { input: values } });
      if (!data) throw new Error('The sign-up answered no account');
      client.writeQuery({ query: VIEWER_QUERY, data: { viewer: data.signUp } });
      setNotice(null);
      setPhase('active');
    },
    [client],
  );

  const signOut = useCallback(async () => {
    try {
      await client.mutate({ mutation: SIGN_OUT_MUTATION });
    } catch {
      // The server could not be reached: this browser still forgets the user; the refresh token expires alone.
    }
    await forgetSession();
  }, [client, forgetSession]);

  const dismissNotice = useCallback(() => setNotice(null), []);

  const { refetch: refetchViewer } = viewerQuery;
  const refetch = useCallback(async () => {
    await refetchViewer();
  }, [refetchViewer]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      loading: status === 'loading',
      signIn,
      signUp,
      signOut,
      endSession: forgetSession,
      notice,
      dismissNotice,
      refetch,
    }),
    [status, user, signIn, signUp, signOut, forgetSession, notice, dismissNotice, refetch],
  );

  if (phase === 'probe' && status === 'loading') return null;
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
