export * from './loopback-llm-server.js';
