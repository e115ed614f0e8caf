import { DEFAULT_UPLOAD_MAX_BYTES, UploadMessages } from '@membolt/contracts';
import { accessTokenSecret, booleanFlag, bytes } from '@membolt/platform';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { UsageOutbox, UsageSender } from '@membolt/edge';

export type RateLimitStoreOptions =
  | { readonly kind: 'memory' }
  /** Shared by every gateway replica. `keyPrefix` namespaces the counters (one Redis can serve several installs). */
  | { readonly kind: 'redis'; readonly url: string; readonly keyPrefix?: string };

export interface GatewayModuleOptions {
  /** Requests allowed per API key per window. Default: 120 per 60 s. */
  readonly rateLimit?: { readonly limit: number; readonly windowMs?: number };
  /**
   * Requests allowed per user across all of their keys, in the same window. Default: 240, two busy keys' worth:
   * more keys do not buy more throughput, and one runaway key cannot use the whole of it.
   */
  readonly userRateLimit?: number;
  /** Where the counters live. Default: this process (standalone, or a single gateway). */
  readonly rateLimitStore?: RateLimitStoreOptions;
  /**
   * How long a successful key validation is reused before the keys service is asked again (default 10 s; 0 turns
   * the cache off). It is also the longest a just-revoked key keeps working on a gateway replica.
   */
  readonly apiKeyCacheTtlMs?: number;
  /** Serves `/api/test/memory`, `/api/test/database` and `/api/test/status` (default false: they are 404). */
  readonly diagnostics?: boolean;
  /** Largest NDJSON upload `POST /api/user/{userId}/memories/import` reads (default 32 MiB). */
  readonly importMaxBytes?: number;
  /** Most lines (or array items) one import may hold (default 50,000). */
  readonly importMaxLines?: number;
  /** Imports of more lines become a durable job answered 202 with a status URL (default 1,000). */
  readonly importSyncLines?: number;
  /** Largest file `POST /api/upload_base64` takes (default 10 MB, UPLOAD_MAX_BYTES). */
  readonly uploadMaxBytes?: number;
  /** How long `POST /api/upload_base64` waits for the processing before answering 202 (default 30 s). */
  readonly uploadWaitMs?: number;
  /**
   * Signs the end users' portal links (at least 32 characters; every gateway replica needs the same one). Without
   * it a secret is made for this process only, so its links open nowhere else and not after a restart.
   */
  readonly portalLinkSecret?: string;
  /**
   * Opens the outbox where the metered calls' outcomes wait for billing (standalone: a SQLite file under
   * DATA_DIR), so an answer waits for a local commit, not for billing. Without it each outcome is sent to
   * billing before the answer.
   */
  readonly openUsageOutbox?: (send: UsageSender) => UsageOutbox;
}

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 120;
export const DEFAULT_USER_RATE_LIMIT_PER_MINUTE = 240;
export const DEFAULT_API_KEY_CACHE_TTL_MS = 10_000;
export const DEFAULT_RATE_LIMIT_KEY_PREFIX = 'membolt:gateway:rate:';
export const DEFAULT_IMPORT_MAX_BYTES = 32 * 1024 * 1024;
/**
 * Each line is validated on this process's event loop (about 0.3 ms a line, in slices so other requests are
 * answered in between): 50,000 lines are some 15 s of checking before the import is queued.
 */
export const DEFAULT_IMPORT_MAX_LINES = 50_000;
/** Up to this many lines an import is stored before the answer (a few seconds at most). */
export const DEFAULT_IMPORT_SYNC_LINES = 1_000;
export const DEFAULT_UPLOAD_WAIT_MS = 30_000;

/** The JSON body of `POST /api/upload_base64` may hold a file of `uploadMaxBytes` in base64, plus its fields. */
export const uploadBodyLimitBytes = (uploadMaxBytes: number): number =>
  Math.ceil(uploadMaxBytes / 3) * 4 + 64 * 1024;

/** The gateway's routes with a larger JSON body than HTTP_BODY_LIMIT_BYTES, for the edge's body parser. */
export function gatewayLargeJsonBodies(
  uploadMaxBytes: number = DEFAULT_UPLOAD_MAX_BYTES,
): Array<{ path: string; limitBytes: number; tooLargeMessage: string }> {
  return [
    {
      path: '/api/upload_base64',
      limitBytes: uploadBodyLimitBytes(uploadMaxBytes),
      tooLargeMessage: UploadMessages.tooLarge(uploadMaxBytes),
    },
  ];
}

/** GatewayModuleOptions with every default applied. */
export interface GatewaySettings {
  readonly rateLimit: { readonly limit: number; readonly windowMs: number };
  readonly userRateLimit: { readonly limit: number; readonly windowMs: number };
  readonly rateLimitStore:
    | { readonly kind: 'memory' }
    | { readonly kind: 'redis'; readonly url: string; readonly keyPrefix: string };
  readonly apiKeyCacheTtlMs: number;
  readonly diagnostics: boolean;
  readonly importMaxBytes: number;
  readonly importMaxLines: number;
  readonly importSyncLines: number;
  readonly uploadMaxBytes: number;
  readonly uploadWaitMs: number;
  readonly portalLinkSecret: string;
  readonly openUsageOutbox: ((send: UsageSender) => UsageOutbox) | undefined;
}

export const GATEWAY_SETTINGS = Symbol('GATEWAY_SETTINGS');

export function resolveGatewaySettings(options: GatewayModuleOptions = {}): GatewaySettings {
  const store = options.rateLimitStore ?? { kind: 'memory' };
  const windowMs = options.rateLimit?.windowMs ?? 60_000;
  return {
    rateLimit: { limit: options.rateLimit?.limit ?? DEFAULT_RATE_LIMIT_PER_MINUTE, windowMs },
    userRateLimit: { limit: options.userRateLimit ?? DEFAULT_USER_RATE_LIMIT_PER_MINUTE, windowMs },
    rateLimitStore:
      store.kind === 'redis'
        ? { ...store, keyPrefix: store.keyPrefix ?? DEFAULT_RATE_LIMIT_KEY_PREFIX }
        : store,
    apiKeyCacheTtlMs: options.apiKeyCacheTtlMs ?? DEFAULT_API_KEY_CACHE_TTL_MS,
    diagnostics: options.diagnostics ?? false,
    importMaxBytes: options.importMaxBytes ?? DEFAULT_IMPORT_MAX_BYTES,
    importMaxLines: options.importMaxLines ?? DEFAULT_IMPORT_MAX_LINES,
    importSyncLines: options.importSyncLines ?? DEFAULT_IMPORT_SYNC_LINES,
    uploadMaxBytes: options.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES,
    uploadWaitMs: options.uploadWaitMs ?? DEFAULT_UPLOAD_WAIT_MS,
    portalLinkSecret: options.portalLinkSecret ?? randomBytes(48).toString('base64url'),
    openUsageOutbox: options.openUsageOutbox,
  };
}

/** Environment fields of every process that serves the gateway (the gateway app and standalone). */
export const gatewayConfigFields = {
  GATEWAY_RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(DEFAULT_RATE_LIMIT_PER_MINUTE),
  GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(DEFAULT_USER_RATE_LIMIT_PER_MINUTE),
  GATEWAY_API_KEY_CACHE_TTL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(DEFAULT_API_KEY_CACHE_TTL_MS),
  /** Operator switch for the diagnostic `/api/test/*` routes (off by default). */
  GATEWAY_DIAGNOSTICS: booleanFlag(false),
  GATEWAY_IMPORT_MAX_BYTES: bytes(DEFAULT_IMPORT_MAX_BYTES),
  GATEWAY_IMPORT_MAX_LINES: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_IMPORT_MAX_LINES),
  GATEWAY_IMPORT_SYNC_LINES: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_IMPORT_SYNC_LINES),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(DEFAULT_UPLOAD_MAX_BYTES),
  GATEWAY_UPLOAD_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(DEFAULT_UPLOAD_WAIT_MS),
  /** Signs the end users' portal links; the standalone product makes one under DATA_DIR when it is not set. */
  PORTAL_LINK_SECRET: accessTokenSecret.optional(),
};

/** Environment fields of a distributed gateway: with REDIS_URL set, every replica shares the rate-limit counters. */
export const gatewayRedisConfigFields = {
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a Redis URL such as redis://127.0.0.1:6379')
    .optional(),
  GATEWAY_RATE_LIMIT_KEY_PREFIX: z.string().min(1).max(100).default(DEFAULT_RATE_LIMIT_KEY_PREFIX),
};

export interface GatewayConfigValues {
  readonly GATEWAY_RATE_LIMIT_PER_MINUTE: number;
  readonly GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: number;
  readonly GATEWAY_API_KEY_CACHE_TTL_MS: number;
  readonly GATEWAY_DIAGNOSTICS: boolean;
  readonly GATEWAY_IMPORT_MAX_BYTES: number;
  readonly GATEWAY_IMPORT_MAX_LINES?: number;
  readonly GATEWAY_IMPORT_SYNC_LINES?: number;
  readonly UPLOAD_MAX_BYTES?: number;
  readonly GATEWAY_UPLOAD_WAIT_MS?: number;
  readonly PORTAL_LINK_SECRET?: string | undefined;
  readonly REDIS_URL?: string | undefined;
  readonly GATEWAY_RATE_LIMIT_KEY_PREFIX?: string | undefined;
}

export function toGatewayModuleOptions(config: GatewayConfigValues): GatewayModuleOptions {
  return {
    rateLimit: { limit: config.GATEWAY_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 },
    userRateLimit: config.GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE,
    rateLimitStore: config.REDIS_URL
      ? {
          kind: 'redis',
          url: config.REDIS_URL,
          keyPrefix: config.GATEWAY_RATE_LIMIT_KEY_PREFIX ?? DEFAULT_RATE_LIMIT_KEY_PREFIX,
        }
      : { kind: 'memory' },
    apiKeyCacheTtlMs: config.GATEWAY_API_KEY_CACHE_TTL_MS,
    diagnostics: config.GATEWAY_DIAGNOSTICS,
    importMaxBytes: config.GATEWAY_IMPORT_MAX_BYTES,
    ...(config.GATEWAY_IMPORT_MAX_LINES !== undefined
      ? { importMaxLines: config.GATEWAY_IMPORT_MAX_LINES }
      : {}),
    ...(config.GATEWAY_IMPORT_SYNC_LINES !== undefined
      ? { importSyncLines: config.GATEWAY_IMPORT_SYNC_LINES }
      : {}),
    ...(config.UPLOAD_MAX_BYTES !== undefined ? { uploadMaxBytes: config.UPLOAD_MAX_BYTES } : {}),
    ...(config.GATEWAY_UPLOAD_WAIT_MS !== undefined ? { uploadWaitMs: config.GATEWAY_UPLOAD_WAIT_MS } : {}),
    ...(config.PORTAL_LINK_SECRET !== undefined ? { portalLinkSecret: config.PORTAL_LINK_SECRET } : {}),
  };
}
