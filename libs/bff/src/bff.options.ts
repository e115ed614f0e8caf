import type { AddressRateLimitPolicy } from './common/address-rate-limiter.js';
import type { GraphqlQueryLimits } from './common/query-limits.js';

export interface BffModuleOptions {
  /** Serve the GraphQL schema to introspection queries (development tooling). */
  readonly introspection: boolean;
  /** Shared with identity: verifies access tokens locally. */
  readonly accessTokenSecret: string;
  /** The product's public origin (e.g. https://membolt.example.com): OIDC callback and reset links. */
  readonly publicUrl: string;
  /** Size limits of one GraphQL operation; each unset one keeps its default. */
  readonly queryLimits?: Partial<GraphqlQueryLimits>;
  /** Requests per client address on /graphql; default 300 per 60 s, 100,000 addresses tracked. */
  readonly rateLimit?: Partial<AddressRateLimitPolicy>;
}

export const BFF_OPTIONS = Symbol('BFF_OPTIONS');
