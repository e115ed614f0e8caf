export * from './redis-server.js';
export * from './rate-limiter.contract.js';
