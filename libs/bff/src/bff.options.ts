import type { Clock } from '@membolt/platform';

export interface BffModuleOptions {
  /** Serve the GraphQL schema to introspection queries (development tooling). */
  readonly introspection: boolean;
  /** Shared with identity: verifies access tokens locally. */
  readonly accessTokenSecret: string;
  /** The product's public origin (e.g. https://membolt.example.com): OIDC callback and reset links. */
  readonly publicUrl: string;
  /**
   * Creating an API key or deleting the account without the current password needs a sign-in at most this
   * many minutes old (default 10).
   */
  readonly freshSignInMinutes?: number;
  /** Time source of session checks; tests pass a TestClock. */
  readonly clock?: Clock;
}

export const BFF_OPTIONS = Symbol('BFF_OPTIONS');
