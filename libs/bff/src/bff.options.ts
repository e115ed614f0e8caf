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

/** The BFF's config values, validated by the app that serves it. */
export interface BffConfigValues {
  readonly GRAPHQL_INTROSPECTION: boolean;
  readonly AUTH_TOKEN_SECRET: string;
  readonly PUBLIC_URL: string;
}

/** Module options from an app's validated config. */
export function toBffModuleOptions(config: BffConfigValues): BffModuleOptions {
  return {
    introspection: config.GRAPHQL_INTROSPECTION,
    accessTokenSecret: config.AUTH_TOKEN_SECRET,
    publicUrl: config.PUBLIC_URL,
  };
}
