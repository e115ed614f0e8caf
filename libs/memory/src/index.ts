export * from './memory.module.js';
export * from './memory.options.js';
