export * from './identity.module.js';
export * from './identity.options.js';
export { AccountService } from './services/account.service.js';
export { SessionService } from './services/session.service.js';
export { PasswordResetService, PASSWORD_RESET_SUBJECT } from './services/password-reset.service.js';
export { OidcSignInService } from './services/oidc-sign-in.service.js';
export { AccountDeletionService } from './services/account-deletion.service.js';
export { AccountSetupService } from './services/account-setup.service.js';
