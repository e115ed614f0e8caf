// The browser-safe entry `@membolt/contracts/rules`: plain constants, enums and pure functions that the web
// app and the server share. Nothing here may import a library or a Node module (lint and
// rules-entry.spec.ts enforce it), so Vite can bundle it and the server keeps one source for every rule.
export * from './account.rules.js';
export * from './api-key.rules.js';
export * from './error-codes.js';
export * from './models.rules.js';
export * from './plan.rules.js';
export * from './product.rules.js';
export * from './memory.rules.js';
export * from './chat.rules.js';
export * from './provider-key.rules.js';
export * from './billing.rules.js';
export * from './ingestion.rules.js';
export * from './portal.rules.js';
export * from './webhook.rules.js';
export * from './privacy.rules.js';
export * from './fact-slots.js';
