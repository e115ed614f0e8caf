export * from './keys.module.js';
export * from './keys.options.js';
