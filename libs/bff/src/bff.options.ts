import type { Clock } from '@membolt/platform';
import { z } from 'zod';
import type { AddressRateLimitPolicy } from './common/address-rate-limiter.js';
import {
  DEFAULT_GRAPHQL_INPUT_LIMITS,
  type GraphqlInputLimits,
  MIN_GRAPHQL_VARIABLES_BYTES,
} from './common/graphql-input-limits.plugin.js';
import { DEFAULT_GRAPHQL_QUERY_LIMITS, type GraphqlQueryLimits } from './common/query-limits.js';
import type { UsageOutbox, UsageSender } from '@membolt/edge';

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
  /** Size limits of one GraphQL operation; each unset one keeps its default. */
  readonly queryLimits?: Partial<GraphqlQueryLimits>;
  /** Size of one request's variables and errors per answer; each unset one keeps its default. */
  readonly inputLimits?: Partial<GraphqlInputLimits>;
  /** Requests per client address on /graphql; default 300 per 60 s, 100,000 addresses tracked. */
  readonly rateLimit?: Partial<AddressRateLimitPolicy>;
  /**
   * A browser following an upload's progress (pushed as the ingestion service broadcasts it) also has the
   * stored state read again this often, in case a notice was lost; default 10 s.
   */
  readonly uploadEventsRecheckMs?: number;
  /**
   * Opens the outbox where the metered calls' outcomes wait for billing (standalone: a SQLite file under
   * DATA_DIR), so an answer waits for a local commit, not for billing. Without it each outcome is sent to
   * billing before the answer.
   */
  readonly openUsageOutbox?: (send: UsageSender) => UsageOutbox;
}

export const BFF_OPTIONS = Symbol('BFF_OPTIONS');

export const DEFAULT_BFF_RATE_LIMIT_PER_MINUTE = 300;
export const DEFAULT_UPLOAD_EVENTS_RECHECK_SECONDS = 10;

const positive = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/** Environment fields of every process that serves the BFF (the BFF app and standalone). */
export const bffConfigFields = {
  BFF_RATE_LIMIT_PER_MINUTE: positive(DEFAULT_BFF_RATE_LIMIT_PER_MINUTE, 1_000_000),
  GRAPHQL_MAX_TOKENS: positive(DEFAULT_GRAPHQL_QUERY_LIMITS.maxTokens, 100_000),
  GRAPHQL_MAX_DEPTH: positive(DEFAULT_GRAPHQL_QUERY_LIMITS.maxDepth, 100),
  GRAPHQL_MAX_ALIASES: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(DEFAULT_GRAPHQL_QUERY_LIMITS.maxAliases),
  GRAPHQL_MAX_FIELDS: positive(DEFAULT_GRAPHQL_QUERY_LIMITS.maxFields, 10_000),
  GRAPHQL_MAX_COST: positive(DEFAULT_GRAPHQL_QUERY_LIMITS.maxCost, 1_000_000),
  BFF_UPLOAD_EVENTS_RECHECK_SECONDS: positive(DEFAULT_UPLOAD_EVENTS_RECHECK_SECONDS, 3600),
  /** At least one upload part (base64) of the web app, so uploads keep working. */
  GRAPHQL_MAX_VARIABLES_BYTES: z.coerce
    .number()
    .int()
    .min(MIN_GRAPHQL_VARIABLES_BYTES)
    .max(64 * 1024 * 1024)
    .default(DEFAULT_GRAPHQL_INPUT_LIMITS.maxVariablesBytes),
  GRAPHQL_MAX_ERRORS: positive(DEFAULT_GRAPHQL_INPUT_LIMITS.maxErrors, 1000),
};

/** The limit variables of `bffConfigFields`, validated. */
export interface BffLimitConfigValues {
  readonly BFF_RATE_LIMIT_PER_MINUTE: number;
  readonly GRAPHQL_MAX_TOKENS: number;
  readonly GRAPHQL_MAX_DEPTH: number;
  readonly GRAPHQL_MAX_ALIASES: number;
  readonly GRAPHQL_MAX_FIELDS: number;
  readonly GRAPHQL_MAX_COST: number;
  readonly BFF_UPLOAD_EVENTS_RECHECK_SECONDS: number;
  readonly GRAPHQL_MAX_VARIABLES_BYTES: number;
  readonly GRAPHQL_MAX_ERRORS: number;
}

/** The limit options of BffModule from its environment fields. */
function toBffLimits(
  config: BffLimitConfigValues,
): Pick<BffModuleOptions, 'queryLimits' | 'inputLimits' | 'rateLimit' | 'uploadEventsRecheckMs'> {
  return {
    queryLimits: {
      maxTokens: config.GRAPHQL_MAX_TOKENS,
      maxDepth: config.GRAPHQL_MAX_DEPTH,
      maxAliases: config.GRAPHQL_MAX_ALIASES,
      maxFields: config.GRAPHQL_MAX_FIELDS,
      maxCost: config.GRAPHQL_MAX_COST,
    },
    inputLimits: {
      maxVariablesBytes: config.GRAPHQL_MAX_VARIABLES_BYTES,
      maxErrors: config.GRAPHQL_MAX_ERRORS,
    },
    rateLimit: { limit: config.BFF_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 },
    uploadEventsRecheckMs: config.BFF_UPLOAD_EVENTS_RECHECK_SECONDS * 1000,
  };
}

/** The BFF's config values, validated by the app that serves it. */
export interface BffConfigValues extends BffLimitConfigValues {
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
    ...toBffLimits(config),
  };
}
