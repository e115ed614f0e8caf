import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CommonError,
  CommonErrorCode,
  DEFAULT_DISPLAY_NAME,
  type FinishOidcRequest,
  NAME_MAX_LENGTH,
  type OidcStartView,
  type OidcStatusView,
  type StartOidcRequest,
} from '@membolt/contracts';
import { IDENTITY_STORE, type IdentityStore } from '../ports/identity-store.js';
import type { OidcIdentity } from '../domain/oidc-request.js';
import type { IssuedSession } from '../domain/session.js';
import { withAuthMethod } from '../domain/user.js';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity.options.js';
import { CLOCK, type Clock } from '@membolt/platform';
import { OIDC_CLIENT, type OidcClient } from '../ports/oidc-client.js';
import { AccountService } from './account.service.js';
import { invalidRedirectUri, oidcFailed, oidcNotConfigured } from '../identity.errors.js';
import { SessionService } from './session.service.js';
import { type ActiveUser, UserDirectory } from './user-directory.service.js';

/** A failure to report as `oidc-failed`, with its cause for the log. */
class OidcFlowError extends Error {}

/**
 * "Sign in with Google": OpenID Connect authorization code flow with PKCE. The pending request (state,
 * nonce, verifier) lives in the identity store, so any replica can finish a flow another one started.
 */
@Injectable()
export class OidcSignInService {
  private readonly logger = new Logger('IdentityOidc');

  constructor(
    @Inject(OIDC_CLIENT) private readonly client: OidcClient,
    @Inject(IDENTITY_STORE) private readonly store: IdentityStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_SETTINGS) private readonly settings: IdentitySettings,
    private readonly directory: UserDirectory,
    private readonly accounts: AccountService,
    private readonly sessions: SessionService,
  ) {}

  status(): OidcStatusView {
    return { enabled: this.client.enabled, providerName: this.client.providerName };
  }

  async start(request: StartOidcRequest): Promise<OidcStartView> {
    this.assertEnabled();
    const redirectUri = parseRedirectUri(request.redirectUri);
    try {
      const started = await this.client.start(redirectUri);
      const now = this.clock.now();
      await this.store.oidcRequests.save({
        state: started.state,
        nonce: started.nonce,
        codeVerifier: started.codeVerifier,
        redirectUri,
        remember: request.remember,
        createdAt: now,
        expiresAt: new Date(now.getTime() + this.settings.limits.oidcRequestMs),
      });
      return { authorizationUrl: started.authorizationUrl };
    } catch (error) {
      throw this.failed('could not start the authorization request', error);
    }
  }

  async finish(request: FinishOidcRequest): Promise<IssuedSession> {
    this.assertEnabled();
    try {
      const callbackUrl = new URL(request.callbackUrl);
      const state = callbackUrl.searchParams.get('state');
      if (!state) throw new OidcFlowError('the callback carries no state');
      const pending = await this.store.oidcRequests.consume(state, this.clock.now());
      if (!pending) throw new OidcFlowError('unknown, used or expired state');
      const identity = await this.client.finish(callbackUrl, pending);
      const user = await this.findOrCreateUser(identity);
      const active = await this.directory.update(user.id, { lastActiveAt: this.clock.now() });
      return await this.sessions.issue(active, pending.remember);
    } catch (error) {
      throw this.failed('sign-in failed', error);
    }
  }

  /** The account of this Google identity: by subject, else by verified e-mail (linked), else a new one. */
  private async findOrCreateUser(identity: OidcIdentity, retried = false): Promise<ActiveUser> {
    const bySubject = await this.store.users.findByGoogleSubject(identity.subject);
    if (bySubject) {
      if (bySubject.deletedAt) throw new OidcFlowError('the account is being deleted');
      return this.directory.withMemoryGraph(bySubject);
    }
    if (!identity.email) throw new OidcFlowError('the provider gave no e-mail address');
    // An unverified address proves nothing: it may not be linked to, nor claimed by, a new account.
    if (!identity.emailVerified) throw new OidcFlowError('the provider has not verified the e-mail address');
    const byEmail = await this.store.users.findByEmail(identity.email);
    if (byEmail) {
      if (byEmail.deletedAt) throw new OidcFlowError('the account is being deleted');
      if (byEmail.googleSubject && byEmail.googleSubject !== identity.subject) {
        throw new OidcFlowError('the account is linked to another Google identity');
      }
      return this.directory.update(byEmail.id, {
        googleSubject: identity.subject,
        authMethods: withAuthMethod(byEmail.authMethods, 'google'),
      });
    }
    const name = identity.name?.slice(0, NAME_MAX_LENGTH) || DEFAULT_DISPLAY_NAME;
    const created = await this.accounts.createAccount({
      email: identity.email,
      name,
      passwordHash: null,
      googleSubject: identity.subject,
    });
    if (created.result === 'created') return created.user;
    // A concurrent first sign-in of the same person created it meanwhile: look again, once.
    if (retried) throw new OidcFlowError(`the account could not be created (${created.result})`);
    return this.findOrCreateUser(identity, true);
  }

  private assertEnabled(): void {
    if (!this.client.enabled) throw oidcNotConfigured();
  }

  private failed(what: string, error: unknown): Error {
    if (error instanceof CommonError && error.code === CommonErrorCode.ValidationError) return error;
    const cause = error instanceof Error ? error.message : String(error);
    this.logger.warn(`${this.client.providerName} ${what}: ${cause}`);
    return oidcFailed();
  }
}

function parseRedirectUri(value: string): string {
  try {
    const url = new URL(value);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash) return url.href;
  } catch {
    // reported below
  }
  throw invalidRedirectUri();
}
