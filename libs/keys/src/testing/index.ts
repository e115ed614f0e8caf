export * from './api-key.factory.js';
export * from './api-key-repository.contract.js';
export * from './identity-status.stub.js';
export * from './provider-key.factory.js';
export * from './provider-key-repository.contract.js';
