export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Sends mail: over SMTP, or into an outbox folder the operator reads when no SMTP server is configured. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

export const MAILER = Symbol('MAILER');
