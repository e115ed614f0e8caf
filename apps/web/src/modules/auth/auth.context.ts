import { createContext, useContext } from 'react';
import type { ViewerFieldsFragment } from '../../gql/graphql';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export type AuthUser = ViewerFieldsFragment;

export interface SignInValues {
  readonly email: string;
  readonly password: string;
  /** Unticked: the session cookie ends with the browser. */
  readonly remember: boolean;
}

export interface SignUpValues {
  readonly name: string;
  readonly email: string;
  readonly password: string;
}

export interface AuthContextValue {
  readonly status: AuthStatus;
  readonly user: AuthUser | null;
  readonly loading: boolean;
  /** Rejects with the server's error (see auth-errors.util for the texts). */
  readonly signIn: (values: SignInValues) => Promise<void>;
  readonly signUp: (values: SignUpValues) => Promise<void>;
  readonly signOut: () => Promise<void>;
  /** Forgets the session locally once the server has already ended it (account deletion). */
  readonly endSession: (notice?: string) => Promise<void>;
  /** Why the user was signed out, for the sign-in screen (e.g. the account was deleted). */
  readonly notice: string | null;
  readonly dismissNotice: () => void;
  readonly refetch: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
