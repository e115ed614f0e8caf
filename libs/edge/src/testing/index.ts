export * from './accept-turns.js';
