export * from './billing.module.js';
export * from './plan-catalogue.service.js';
export * from './subscription.service.js';
export * from './domain/plan-catalogue.js';
export * from './domain/subscription.js';
export * from './ports/plan-catalogue.repository.js';
export * from './ports/subscription.repository.js';
export * from './ports/clock.js';
