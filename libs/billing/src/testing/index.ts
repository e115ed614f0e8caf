export * from './plan-catalogue-repository.contract.js';
export * from './subscription-repository.contract.js';
