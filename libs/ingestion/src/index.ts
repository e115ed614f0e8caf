export * from './ingestion.module.js';
