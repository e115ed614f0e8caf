import { z } from 'zod';
import type { BffModuleOptions } from './bff.options.js';
import { DEFAULT_GRAPHQL_QUERY_LIMITS } from './common/query-limits.js';

export const DEFAULT_BFF_RATE_LIMIT_PER_MINUTE = 300;

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
};

export interface BffConfigValues {
  readonly BFF_RATE_LIMIT_PER_MINUTE: number;
  readonly GRAPHQL_MAX_TOKENS: number;
  readonly GRAPHQL_MAX_DEPTH: number;
  readonly GRAPHQL_MAX_ALIASES: number;
  readonly GRAPHQL_MAX_FIELDS: number;
  readonly GRAPHQL_MAX_COST: number;
}

/** The limit options of BffModule from its environment fields. */
export function toBffLimits(config: BffConfigValues): Pick<BffModuleOptions, 'queryLimits' | 'rateLimit'> {
  return {
    queryLimits: {
      maxTokens: config.GRAPHQL_MAX_TOKENS,
      maxDepth: config.GRAPHQL_MAX_DEPTH,
      maxAliases: config.GRAPHQL_MAX_ALIASES,
      maxFields: config.GRAPHQL_MAX_FIELDS,
      maxCost: config.GRAPHQL_MAX_COST,
    },
    rateLimit: { limit: config.BFF_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 },
  };
}
