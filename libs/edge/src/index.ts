export * from './http-edge.js';
export * from './http-exception.filter.js';
export * from './web-app.middleware.js';
export * from './ops-endpoints.js';
