export * from './memory.module.js';
export * from './memory.options.js';
export { RetentionPurgeJob, type RetentionPurgeResult } from './retention/retention-purge.job.js';
