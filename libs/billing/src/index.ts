export * from './billing.module.js';
export * from './plan-catalogue.service.js';
export * from './domain/plan-catalogue.js';
export * from './ports/plan-catalogue.repository.js';
