export * from './embedded-database.js';
