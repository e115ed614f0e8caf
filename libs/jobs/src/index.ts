export * from './job-queue.js';
export * from './jobs.options.js';
export * from './jobs.module.js';
export * from './create-job-queue.js';
export { EmbeddedJobQueue } from './adapters/embedded/embedded-job-queue.js';
