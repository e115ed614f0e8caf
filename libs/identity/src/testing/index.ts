export * from './identity-store.contract.js';
export * from './factories.js';
export * from './stub-services.js';
export * from './identity-testbed.js';
export * from './mail-messages.js';
export * from './oidc-test-provider.js';
