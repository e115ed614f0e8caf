export * from './service-process.js';
export * from './http-edge-process.js';
