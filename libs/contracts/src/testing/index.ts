export * from './problem-of.js';
