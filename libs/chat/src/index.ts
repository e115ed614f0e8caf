export * from './chat.module.js';
export * from './chat.options.js';
export { FACT_EXTRACTION_JOB } from './adapters/jobs/jobs-fact-extraction.queue.js';
export { LEARNING_JOB } from './adapters/jobs/learning-jobs.queue.js';
