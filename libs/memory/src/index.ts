export * from './memory.module.js';
