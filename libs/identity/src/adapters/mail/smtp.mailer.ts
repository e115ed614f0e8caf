import { createTransport } from 'nodemailer';
import type { Mailer, OutgoingMail } from '../../ports/mailer.js';

type SmtpTransporter = ReturnType<typeof createTransport>;

/** Sends mail through the SMTP server of `SMTP_URL` (`smtp://user:pass@host:587`, STARTTLS when offered). */
export class SmtpMailer implements Mailer {
  private readonly transporter: SmtpTransporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transporter = createTransport(url);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
