import { Inject, Injectable } from '@nestjs/common';
import { MAILER, type Mailer } from '../ports/mailer.js';
import { escapeHtml } from './password-reset.service.js';
import { UserDirectory } from './user-directory.service.js';

/** Notices other services send an account's owner (identity holds the address and the mailer). */
@Injectable()
export class UserNotificationService {
  constructor(
    private readonly directory: UserDirectory,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  /** Mails `text` to the account's address; an unknown or deleted account is `user-not-found`. */
  async notify(userId: string, subject: string, text: string): Promise<void> {
    const user = await this.directory.require(userId);
    await this.mailer.send({
      to: user.email,
      subject,
      text: `Hi ${user.name},\n\n${text}\n`,
      html: `<p>Hi ${escapeHtml(user.name)},</p><p style="white-space: pre-wrap">${escapeHtml(text)}</p>`,
    });
  }
}
