export * from './mongo-connection.js';
