export * from './embedded-database.js';
export * from './prepared-statements.js';
export * from './page-bounds.js';
export * from './usage-outbox.js';
