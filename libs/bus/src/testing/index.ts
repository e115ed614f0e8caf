export * from './nats-server.js';
export * from './contract-fixtures.js';
export * from './bus-transport.contract.js';
export * from './in-process-app.js';
export * from './nats-testbed.js';
