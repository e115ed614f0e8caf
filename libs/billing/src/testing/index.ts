export * from './plan-catalogue-repository.contract.js';
export * from './subscription-repository.contract.js';
export * from './ledger-repository.contract.js';
export * from './usage-repository.contract.js';
export * from './payment-link-repository.contract.js';
export * from './billing-services.factory.js';
export { PlanCatalogueService } from '../services/plan-catalogue.service.js';
export { BILLING_STORE } from '../ports/billing-store.js';
