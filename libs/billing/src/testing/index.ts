export * from './plan-catalogue-repository.contract.js';
