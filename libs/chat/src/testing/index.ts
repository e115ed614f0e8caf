export * from './loopback-llm-server.js';
export * from './chat.factory.js';
export * from './conversation-repository.contract.js';
export * from './in-memory-memory-access.js';
export * from './learning-scenarios.js';
