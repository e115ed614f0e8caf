export * from './billing.module.js';
export * from './billing.options.js';
