export * from './keys.module.js';
