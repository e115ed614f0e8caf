export * from './job-queue.contract.js';
