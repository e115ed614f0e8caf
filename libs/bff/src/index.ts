export * from './bff.module.js';
export * from './bff.options.js';
export * from './common/query-limits.js';
export { UploadFollowers } from './uploads/upload-followers.js';
export { PlanCatalogueCache } from './billing/plan-catalogue.cache.js';
