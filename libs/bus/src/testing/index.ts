export * from './nats-server.js';
export * from './bus-transport.contract.js';
