export * from './bff.module.js';
export * from './bff.options.js';
