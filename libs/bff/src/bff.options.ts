export interface BffModuleOptions {
  /** Serve the GraphQL schema to introspection queries (development tooling). */
  readonly introspection: boolean;
  /** Shared with identity: verifies access tokens locally. */
  readonly accessTokenSecret: string;
  /** The product's public origin (e.g. https://membolt.example.com): OIDC callback and reset links. */
  readonly publicUrl: string;
}

export const BFF_OPTIONS = Symbol('BFF_OPTIONS');
