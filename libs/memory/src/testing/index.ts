export * from './memory-store.contract.js';
export * from './memory.factory.js';
