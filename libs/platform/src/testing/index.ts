export * from './prometheus-sample.js';
