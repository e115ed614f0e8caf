import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  type CompletePasswordResetRequest,
  PRODUCT_NAME,
  type RequestPasswordResetRequest,
} from '@membolt/contracts';
import { IDENTITY_STORE, type IdentityStore } from '../ports/identity-store.js';
import { hashSecretToken, newSecretToken } from '../domain/secret-tokens.js';
import { withAuthMethod } from '../domain/user.js';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity.options.js';
import { CLOCK, type Clock } from '@membolt/platform';
import { MAILER, type Mailer, type OutgoingMail } from '../ports/mailer.js';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher.js';
import { invalidResetUrl, resetTokenInvalid } from '../identity.errors.js';
import { PasswordPolicy } from './password-policy.js';
import { RateLimiter, RateLimitKeys } from './rate-limiter.js';
import { SessionService } from './session.service.js';

export const PASSWORD_RESET_SUBJECT = `Reset your ${PRODUCT_NAME} password`;

/**
 * Forgot-password: a single-use, expiring token mailed as a link. The answer never depends on whether the
 * e-mail is registered, and the mail is sent after answering so its latency tells nothing either.
 */
@Injectable()
export class PasswordResetService implements OnModuleDestroy {
  private readonly logger = new Logger('IdentityPasswordReset');
  private readonly deliveries = new Set<Promise<void>>();

  constructor(
    @Inject(IDENTITY_STORE) private readonly store: IdentityStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_SETTINGS) private readonly settings: IdentitySettings,
    private readonly limiter: RateLimiter,
    private readonly sessions: SessionService,
    private readonly passwordPolicy: PasswordPolicy,
  ) {}

  async request(request: RequestPasswordResetRequest): Promise<void> {
    const resetUrl = parseResetUrl(request.resetUrl);
    const { limits } = this.settings;
    const rule = { limit: limits.resetMailsPerAccount, windowMs: limits.resetMailWindowMs };
    const key = RateLimitKeys.resetMailByAccount(request.email);
    if (await this.limiter.isLimited(key, rule)) {
      this.logger.warn('Password reset mail not sent: too many requests for this account');
      return;
    }
    await this.limiter.hit(key, rule);

    const user = await this.store.users.findByEmail(request.email);
    if (!user || user.deletedAt) return;
    const now = this.clock.now();
    const token = newSecretToken();
    await this.store.resetTokens.issue(user.id, {
      tokenHash: hashSecretToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + limits.resetTokenMs),
    });
    resetUrl.searchParams.set('token', token);
    this.deliver(resetMail(user.email, user.name, resetUrl.href, limits.resetTokenMs));
  }

  async complete(request: CompletePasswordResetRequest): Promise<void> {
    // Before the token is consumed: a refused password leaves the link usable for a better one.
    this.passwordPolicy.assertAcceptable(request.newPassword);
    const userId = await this.store.resetTokens.consume(hashSecretToken(request.token), this.clock.now());
    if (!userId) throw resetTokenInvalid();
    const user = await this.store.users.findById(userId);
    if (!user || user.deletedAt) throw resetTokenInvalid();
    const passwordHash = await this.hasher.hash(request.newPassword);
    // Reaching the mailbox proves the account is yours: a Google-only account gains a password too.
    await this.store.users.update(userId, {
      passwordHash,
      authMethods: withAuthMethod(user.authMethods, 'password'),
    });
    await this.sessions.revokeAll(userId);
    await this.limiter.clear(RateLimitKeys.signInByAccount(user.email));
  }

  /** Mails still being sent are finished before the process stops. */
  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([...this.deliveries]);
  }

  private deliver(mail: OutgoingMail): void {
    const delivery = this.mailer
      .send(mail)
      .catch((error: unknown) =>
        this.logger.error(
          `Password reset mail could not be sent: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => this.deliveries.delete(delivery));
    this.deliveries.add(delivery);
  }
}

function parseResetUrl(value: string): URL {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // reported below
  }
  throw invalidResetUrl();
}

export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function resetMail(to: string, name: string, link: string, validForMs: number): OutgoingMail {
  const minutes = Math.round(validForMs / 60_000);
  const validFor =
    minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`;
  const text = [
    `Hi ${name},`,
    '',
    `Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link:`,
    '',
    link,
    '',
    `The link works once and expires in ${validFor}. If you did not ask for this, ignore this mail: your password stays as it is.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">
<p>Hi ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link:</p>
<p><a href="${escapeHtml(link)}">Reset your password</a></p>
<p>The link works once and expires in ${validFor}. If you did not ask for this, ignore this mail: your password stays as it is.</p>
</body></html>`;
  return { to, subject: PASSWORD_RESET_SUBJECT, text, html };
}
