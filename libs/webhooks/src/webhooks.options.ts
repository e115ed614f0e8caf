import { type JobsConfig, jobsConfigFields, type JobsConfigValues, toJobsConfig } from '@membolt/jobs';
import { booleanFlag, loadOrCreateLocalSecret, type StoreConfig, toStoreConfig } from '@membolt/platform';
import { z } from 'zod';

export interface WebhooksModuleOptions {
  /** The embedded SQLite file `DATA_DIR/webhooks.sqlite`, or the `membolt_webhooks` MongoDB database. */
  readonly store: StoreConfig;
  /** The delivery queue (embedded `DATA_DIR/webhooks.jobs.sqlite`, or BullMQ when REDIS_URL is set). */
  readonly jobs?: JobsConfig;
  /** Seals the endpoints' signing secrets at rest (default: a secret generated once under DATA_DIR). */
  readonly secret: string;
  readonly previousSecrets?: readonly string[];
  readonly allowPrivateTargets?: boolean;
  readonly backoffBaseMs?: number;
  readonly attempts?: number;
  readonly disableAfterFailures?: number;
  readonly timeoutMs?: number;
}

export interface WebhooksSettings {
  /** Loopback, private, link-local and unique-local targets are refused unless this is true. */
  readonly allowPrivateTargets: boolean;
  /** The first retry's wait; each next one doubles it. */
  readonly backoffBaseMs: number;
  /** Attempts per event and endpoint, the first included. */
  readonly attempts: number;
  /** Consecutive failed attempts after which an endpoint is disabled and its owner told. */
  readonly disableAfterFailures: number;
  /** How long one attempt may take (connect, send, answer). */
  readonly timeoutMs: number;
}

export const WEBHOOKS_SETTINGS = Symbol('WEBHOOKS_SETTINGS');

export const DEFAULT_WEBHOOKS_BACKOFF_BASE_MS = 60_000;
export const DEFAULT_WEBHOOKS_ATTEMPTS = 8;
export const DEFAULT_WEBHOOKS_DISABLE_AFTER_FAILURES = 20;
export const DEFAULT_WEBHOOKS_TIMEOUT_MS = 10_000;

export function resolveWebhooksSettings(options: WebhooksModuleOptions): WebhooksSettings {
  return {
    allowPrivateTargets: options.allowPrivateTargets ?? false,
    backoffBaseMs: options.backoffBaseMs ?? DEFAULT_WEBHOOKS_BACKOFF_BASE_MS,
    attempts: options.attempts ?? DEFAULT_WEBHOOKS_ATTEMPTS,
    disableAfterFailures: options.disableAfterFailures ?? DEFAULT_WEBHOOKS_DISABLE_AFTER_FAILURES,
    timeoutMs: options.timeoutMs ?? DEFAULT_WEBHOOKS_TIMEOUT_MS,
  };
}

const secretHint = 'must be at least 32 characters (e.g. `openssl rand -base64 48`)';

/** The service's variables (its own process, and standalone's). */
export const webhooksConfigFields = {
  ...jobsConfigFields,
  WEBHOOKS_SECRET: z.string().min(32, secretHint).optional(),
  WEBHOOKS_PREVIOUS_SECRETS: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.string().min(32, `each secret ${secretHint}`))),
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: booleanFlag(false),
  WEBHOOKS_BACKOFF_BASE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400_000)
    .default(DEFAULT_WEBHOOKS_BACKOFF_BASE_MS),
  WEBHOOKS_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(DEFAULT_WEBHOOKS_ATTEMPTS),
  WEBHOOKS_DISABLE_AFTER_FAILURES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(DEFAULT_WEBHOOKS_DISABLE_AFTER_FAILURES),
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(DEFAULT_WEBHOOKS_TIMEOUT_MS),
};

export interface WebhooksConfigValues extends JobsConfigValues {
  readonly DATA_DIR: string;
  readonly MONGO_URL?: string | undefined;
  readonly WEBHOOKS_SECRET?: string | undefined;
  readonly WEBHOOKS_PREVIOUS_SECRETS?: readonly string[];
  readonly WEBHOOKS_ALLOW_PRIVATE_TARGETS?: boolean;
  readonly WEBHOOKS_BACKOFF_BASE_MS?: number;
  readonly WEBHOOKS_ATTEMPTS?: number;
  readonly WEBHOOKS_DISABLE_AFTER_FAILURES?: number;
  readonly WEBHOOKS_TIMEOUT_MS?: number;
}

/** The module's options from a validated process config (the service's own app, or standalone). */
export function toWebhooksModuleOptions(config: WebhooksConfigValues): WebhooksModuleOptions {
  return {
    store: toStoreConfig(config),
    jobs: toJobsConfig(config),
    // Replicas must share it (set WEBHOOKS_SECRET); one process may generate its own under DATA_DIR.
    secret: config.WEBHOOKS_SECRET ?? loadOrCreateLocalSecret(config.DATA_DIR, 'webhooks'),
    previousSecrets: config.WEBHOOKS_PREVIOUS_SECRETS ?? [],
    allowPrivateTargets: config.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
    backoffBaseMs: config.WEBHOOKS_BACKOFF_BASE_MS,
    attempts: config.WEBHOOKS_ATTEMPTS,
    disableAfterFailures: config.WEBHOOKS_DISABLE_AFTER_FAILURES,
    timeoutMs: config.WEBHOOKS_TIMEOUT_MS,
  };
}
