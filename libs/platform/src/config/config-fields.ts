import { z } from 'zod';

/** Reusable field schemas so every app reads the same variable the same way. */
/** 0 asks the OS for a free port (tests). */
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

export const logLevel = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  .default('info');

export const durationMs = (fallback: number) => z.coerce.number().int().min(1).max(600_000).default(fallback);

export const natsUrl = z
  .string()
  .regex(/^(nats|tls|wss?):\/\/[^\s]+$/, 'must be a NATS URL such as nats://127.0.0.1:4222')
  .default('nats://127.0.0.1:4222');

export const bytes = (fallback: number) => z.coerce.number().int().min(1024).default(fallback);

/**
 * Operations endpoints (/metrics, /livez, /readyz). METRICS_PORT opens a separate listener for them,
 * meant for the cluster network only (Prometheus, kubelet probes); unset, none is opened. METRICS_TOKEN
 * lets a bearer read /metrics on an edge's public port, where it is refused otherwise.
 */
export const opsConfigFields = {
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('0.0.0.0'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * How often a quiet process gives the C heap's free pages back to the system (glibc malloc_trim) once its
   * RSS has grown; 0 turns it off. Without it, RSS stays at its peak after bulk work (an import, an upload).
   */
  MALLOC_TRIM_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
};
export type OpsConfig = {
  readonly METRICS_PORT?: number | undefined;
  readonly METRICS_HOST: string;
  readonly METRICS_TOKEN?: string | undefined;
  readonly MALLOC_TRIM_INTERVAL_SECONDS?: number | undefined;
};

/** Fields every process shares. */
export const baseConfigFields = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  LOG_LEVEL: logLevel,
  BUS_TIMEOUT_MS: durationMs(5000),
  ...opsConfigFields,
};

/** Fields of a process that owns data: embedded store under DATA_DIR unless MONGO_URL is set. */
export const storeConfigFields = {
  DATA_DIR: z.string().min(1).default('./data'),
  MONGO_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\/\S+$/, 'must be a MongoDB connection string (mongodb://…)')
    .optional(),
};

/** The store config a domain module receives from its composition root. */
export type StoreConfig = { kind: 'embedded'; dataDir: string } | { kind: 'mongo'; url: string };

export function toStoreConfig(env: { DATA_DIR: string; MONGO_URL?: string | undefined }): StoreConfig {
  return env.MONGO_URL ? { kind: 'mongo', url: env.MONGO_URL } : { kind: 'embedded', dataDir: env.DATA_DIR };
}

/**
 * Fields of a process that serves HTTP. `defaultMaxInFlight`: the edges of the distributed topology mostly
 * wait on the bus, so they take on more at once than the standalone process, whose event loop does the work.
 */
export const httpConfigFields = (defaultPort: number, defaultMaxInFlight = 64) => ({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port(defaultPort),
  HTTP_BODY_LIMIT_BYTES: bytes(1024 * 1024),
  /** Deeper JSON bodies are refused with 400 before any route walks them. */
  HTTP_MAX_JSON_DEPTH: z.coerce.number().int().min(2).max(1000).default(64),
  /** JSON bodies with a larger object are refused with 400 before any route or GraphQL reads them. */
  HTTP_MAX_JSON_FIELDS: z.coerce.number().int().min(10).max(100_000).default(1000),
  /** Reverse proxies in front of the process whose X-Forwarded-For is trusted for the client's address. */
  HTTP_TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Requests worked on at once before others wait (0: no bound); probes and /api/status are never counted. */
  HTTP_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(defaultMaxInFlight),
  /** Requests that may wait for a place; one more is answered 503 with Retry-After at once. */
  HTTP_MAX_QUEUED: z.coerce.number().int().min(0).max(100_000).default(256),
  /** Longest wait for a place before a 503: well under clients' timeouts. */
  HTTP_MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(1000),
  /**
   * Handles that accept connections on the public port (1: Node's one). Each accepts one waiting connection per
   * turn of the event loop, so under load new clients wait that many times less in the kernel's accept queue.
   */
  HTTP_ACCEPT_HANDLES: z.coerce.number().int().min(1).max(64).default(16),
});

/** Serve GraphQL introspection (tooling); off by default in production. */
export const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

/** A secret shared by identity (signs access tokens) and the BFF (verifies them). */
export const accessTokenSecret = z
  .string()
  .min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 48`)');

/** The product's public origin, used in e-mailed links and OAuth redirects. No trailing slash. */
export const publicUrl = z
  .url()
  .regex(
    /^https?:\/\/[^/]+$/,
    'must be an origin such as https://membolt.example.com (no path, no trailing slash)',
  );
