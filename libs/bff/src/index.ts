export * from './bff.module.js';
