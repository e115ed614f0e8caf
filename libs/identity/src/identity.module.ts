import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AccessTokens } from '@membolt/auth-tokens';
import { createHealthController } from '@membolt/bus';
import { CLOCK, systemClock } from '@membolt/platform';
import { BusAccountServices } from './adapters/bus/account-services.bus.js';
import { Argon2PasswordHasher } from './adapters/crypto/argon2.password-hasher.js';
import { OutboxFolderMailer } from './adapters/mail/outbox-folder.mailer.js';
import { DisabledOidcClient, OpenIdConnectClient } from './adapters/oidc/openid-connect.client.js';
import { IdentityHandlers } from './identity.handlers.js';
import { openIdentityStore } from './identity.store.js';
import {
  IDENTITY_SETTINGS,
  type IdentityModuleOptions,
  type IdentitySettings,
  type MailOptions,
  type OidcOptions,
  resolveIdentitySettings,
} from './identity.options.js';
import { ACCOUNT_SERVICES } from './ports/account-services.js';
import { IDENTITY_STORE, type IdentityStore } from './ports/identity-store.js';
import { MAILER, type Mailer } from './ports/mailer.js';
import { OIDC_CLIENT, type OidcClient } from './ports/oidc-client.js';
import { PASSWORD_HASHER } from './ports/password-hasher.js';
import { PortalHandlers } from './portal.handlers.js';
import { PortalSettingsService } from './services/portal-settings.service.js';
import { AccessRevocationService } from './services/access-revocation.service.js';
import { AccountDeletionService } from './services/account-deletion.service.js';
import { AccountSetupService } from './services/account-setup.service.js';
import { AccountService } from './services/account.service.js';
import { HousekeepingService } from './services/housekeeping.service.js';
import { OidcSignInService } from './services/oidc-sign-in.service.js';
import { OutboxDepthGauge } from './services/outbox-depth.gauge.js';
import { OutboxWorker } from './services/outbox.worker.js';
import { PasswordPolicy } from './services/password-policy.js';
import { PasswordResetService } from './services/password-reset.service.js';
import { RateLimiter } from './services/rate-limiter.js';
import { SessionService } from './services/session.service.js';
import { UserNotificationService } from './services/user-notification.service.js';
import { UserDirectory } from './services/user-directory.service.js';

export type { IdentityModuleOptions } from './identity.options.js';

async function createMailer(mail: MailOptions): Promise<Mailer> {
  switch (mail.transport) {
    case 'smtp':
      // nodemailer is loaded only by a process that sends mail over SMTP, or at the first outbox mail
      // (decision 182).
      return new (await import('./adapters/mail/smtp.mailer.js')).SmtpMailer(mail.url, mail.from);
    case 'outbox':
      return new OutboxFolderMailer(mail.directory, mail.from);
  }
}

function createOidcClient(oidc: OidcOptions): OidcClient {
  return oidc.client
    ? new OpenIdConnectClient(oidc.client, oidc.providerName)
    : new DisabledOidcClient(oidc.providerName);
}

/**
 * The identity service: accounts, sessions, Google sign-in, password reset, profile and account deletion.
 * Needs the global BusClient (BusModule.forRoot in the composition root) to reach keys, billing and the
 * data services.
 */
@Module({})
export class IdentityModule implements OnApplicationShutdown {
  constructor(
    @Inject(IDENTITY_STORE) private readonly store: IdentityStore,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  static forRoot(options: IdentityModuleOptions): DynamicModule {
    const settings: IdentitySettings = resolveIdentitySettings(options);
    return {
      module: IdentityModule,
      controllers: [IdentityHandlers, PortalHandlers, createHealthController('identity')],
      providers: [
        { provide: IDENTITY_SETTINGS, useValue: settings },
        { provide: IDENTITY_STORE, useFactory: () => openIdentityStore(options.store) },
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        { provide: PASSWORD_HASHER, useValue: new Argon2PasswordHasher(settings.passwordHashing) },
        { provide: MAILER, useFactory: () => createMailer(settings.mail) },
        { provide: OIDC_CLIENT, useFactory: () => createOidcClient(settings.oidc) },
        {
          provide: AccessTokens,
          useFactory: () =>
            new AccessTokens(settings.accessTokenSecret, settings.limits.accessTokenTtlSeconds),
        },
        { provide: ACCOUNT_SERVICES, useClass: BusAccountServices },
        UserDirectory,
        RateLimiter,
        AccessRevocationService,
        PasswordPolicy,
        SessionService,
        AccountSetupService,
        AccountService,
        PasswordResetService,
        OidcSignInService,
        AccountDeletionService,
        HousekeepingService,
        UserNotificationService,
        PortalSettingsService,
        OutboxWorker,
        OutboxDepthGauge,
      ],
      exports: [
        AccountService,
        SessionService,
        PasswordResetService,
        OidcSignInService,
        AccountDeletionService,
        AccountSetupService,
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.mailer.close();
    await this.store.close();
  }
}
