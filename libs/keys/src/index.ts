export * from './keys.module.js';
export * from './keys.options.js';
export * from './api-key.service.js';
export * from './api-key-usage.recorder.js';
export * from './domain/api-key.js';
export * from './domain/api-key-secret.js';
export * from './ports/api-key.repository.js';
export * from './ports/api-key-generator.js';
