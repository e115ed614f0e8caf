import { freePort } from '@membolt/bus/testing';
import { SMTPServer } from 'smtp-server';
import { pollUntil } from './browser.js';

export interface CaughtMail {
  readonly to: readonly string[];
  readonly raw: string;
}

export interface MailCatcher {
  /** An SMTP URL for the product's SMTP_URL (with the credentials the catcher accepts). */
  readonly url: string;
  readonly messages: readonly CaughtMail[];
  /** The latest mail to `address` received after `after` mails had arrived; waits for it. */
  waitForMailTo(
    address: string,
    options?: { readonly after?: number; readonly timeoutMs?: number },
  ): Promise<CaughtMail>;
  stop(): Promise<void>;
}

const USER = 'mailer';
const PASSWORD = 's3cret';

/** A real SMTP server on a loopback port that keeps every message it receives. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    messages,
    async waitForMailTo(address, { after = 0, timeoutMs = 15_000 } = {}) {
      const wanted = address.toLowerCase();
      const found = await pollUntil(
        async () =>
          messages
            .slice(after)
            .filter((mail) => mail.to.includes(wanted))
            .at(-1),
        (mail) => mail !== undefined,
        { what: `a mail to ${address}`, timeoutMs },
      );
      if (!found) throw new Error(`No mail to ${address}`);
      return found;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
