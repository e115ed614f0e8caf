export * from './membolt-client.js';
export * from './errors.js';
export * from './fallbacks.js';
export type * from './types.js';
