export * from './webhooks-store.contract.js';
