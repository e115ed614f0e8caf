export * from './problem-of.js';
export * from './refusals.js';
