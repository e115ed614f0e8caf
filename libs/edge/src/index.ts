export * from './http-edge.js';
export * from './http-exception.filter.js';
export * from './web-app.middleware.js';
export * from './ops-endpoints.js';
export * from './metering/usage-meter.js';
export * from './metering/metered.decorator.js';
export * from './event-stream.js';
export * from './load-shedding.js';
