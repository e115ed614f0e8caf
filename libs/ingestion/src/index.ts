export * from './ingestion.module.js';
export * from './ingestion.options.js';
