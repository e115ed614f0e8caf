export * from './problem-of.js';
export * from './refusals.js';
export * from './rejection.js';
