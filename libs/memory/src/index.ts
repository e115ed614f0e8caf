export * from './memory.module.js';
export * from './memory.options.js';
export * from './embedders/index.js';
export * from './retrieval/index.js';
