import { loadConfig } from '@membolt/platform';
import { z } from 'zod';

/** Where a service's jobs live: its own SQLite file under the data directory, or Redis through BullMQ. */
export type JobsBackend =
  | { readonly kind: 'embedded'; readonly dataDir: string }
  | { readonly kind: 'redis'; readonly url: string; readonly prefix: string };

export interface JobsConfig {
  readonly backend: JobsBackend;
  /**
   * How long a running job stays owned by its worker without a heartbeat (BullMQ's lock). A worker that
   * died mid-job has its job re-run after this (at once on restart for the embedded queue when the dead
   * process is seen gone).
   */
  readonly leaseMs: number;
  /** How often the embedded queue looks for due jobs written by another process (its own wake it at once). */
  readonly pollMs: number;
  /** Finished jobs (done, failed, dead) are kept this long for `get`, then removed. */
  readonly keepFinishedMs: number;
  /** How long `close` waits for running jobs before handing them back to the queue. */
  readonly closeTimeoutMs: number;
}

export interface JobsModuleOptions {
  /** The owning service's name: names the SQLite file (`<service>.jobs.sqlite`) and the Redis keys. */
  readonly service: string;
  /** Defaults to the process environment (`jobsConfigFields`). */
  readonly config?: JobsConfig;
}

export const DEFAULT_JOBS_REDIS_PREFIX = 'membolt-jobs';
export const DEFAULT_JOBS_LEASE_MS = 30_000;
export const DEFAULT_JOBS_POLL_MS = 500;
export const DEFAULT_JOBS_KEEP_FINISHED_HOURS = 168;
export const DEFAULT_JOBS_CLOSE_TIMEOUT_MS = 10_000;

/** Environment fields of a process that runs jobs (spread into its config schema). */
export const jobsConfigFields = {
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a Redis URL such as redis://127.0.0.1:6379')
    .optional(),
  JOBS_REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,100}$/, 'letters, digits, ".", "_" and "-" only')
    .default(DEFAULT_JOBS_REDIS_PREFIX),
  JOBS_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(DEFAULT_JOBS_LEASE_MS),
  JOBS_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(DEFAULT_JOBS_POLL_MS),
  JOBS_KEEP_FINISHED_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(DEFAULT_JOBS_KEEP_FINISHED_HOURS),
  JOBS_CLOSE_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(DEFAULT_JOBS_CLOSE_TIMEOUT_MS),
};

export interface JobsConfigValues {
  readonly DATA_DIR: string;
  readonly REDIS_URL?: string | undefined;
  readonly JOBS_REDIS_PREFIX: string;
  readonly JOBS_LEASE_MS: number;
  readonly JOBS_POLL_MS: number;
  readonly JOBS_KEEP_FINISHED_HOURS: number;
  readonly JOBS_CLOSE_TIMEOUT_MS: number;
}

export function toJobsConfig(values: JobsConfigValues): JobsConfig {
  return {
    backend: values.REDIS_URL
      ? { kind: 'redis', url: values.REDIS_URL, prefix: values.JOBS_REDIS_PREFIX }
      : { kind: 'embedded', dataDir: values.DATA_DIR },
    leaseMs: values.JOBS_LEASE_MS,
    pollMs: values.JOBS_POLL_MS,
    keepFinishedMs: Math.round(values.JOBS_KEEP_FINISHED_HOURS * 3_600_000),
    closeTimeoutMs: values.JOBS_CLOSE_TIMEOUT_MS,
  };
}

/** The jobs settings of this process's environment (used when a module passes none). */
export function jobsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): JobsConfig {
  return toJobsConfig(loadConfig(z.object(jobsConfigFields), env));
}
