import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Mailer, OutgoingMail } from '../../ports/mailer.js';

/**
 * With no SMTP server configured, each mail becomes an RFC 822 `.eml` file in a folder the operator can
 * open with any mail client. The files hold live reset links, so only the owner may read them.
 */
export class OutboxFolderMailer implements Mailer {
  private readonly logger = new Logger('IdentityMail');
  /** nodemailer (~3 MB of heap) is loaded at the first mail, not when the process starts (decision 182). */
  private composer: Transporter | undefined;
  private readonly directory: string;

  constructor(
    directory: string,
    private readonly from: string,
  ) {
    this.directory = resolve(directory);
  }

  async send(mail: OutgoingMail): Promise<void> {
    this.composer ??= (await import('nodemailer')).createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'windows',
    });
    const info = await this.composer.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    if (!Buffer.isBuffer(info.message))
      throw new Error('nodemailer stream transport did not return a buffer');
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const path = join(this.directory, `${stamp}-${randomUUID()}.eml`);
    // Written under a hidden name, then renamed: whoever watches the folder never sees a half-written mail.
    const partial = join(this.directory, `.${randomUUID()}.partial`);
    await writeFile(partial, info.message, { mode: 0o600, flag: 'wx' });
    await rename(partial, path);
    this.logger.log(`Mail written to outbox: ${path}`);
  }

  async close(): Promise<void> {
    this.composer?.close();
  }
}
