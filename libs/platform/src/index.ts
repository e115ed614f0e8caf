export * from './config/load-config.js';
export * from './config/config-fields.js';
export * from './context/request-context.js';
export * from './logging/logger.js';
export * from './version.js';
export * from './validation/contract-validation.pipe.js';
export * from './secrets/local-secret.js';
export * from './time/clock.js';
