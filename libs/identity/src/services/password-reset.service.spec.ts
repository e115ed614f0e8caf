import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { freePort, rejection } from '@membolt/bus/testing';
import { CommonErrorCode, IdentityErrorCode, IdentitySubjects } from '@membolt/contracts';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { createIdentityTestbed, eventually, type IdentityTestbed } from '../testing/identity-testbed.js';
import { resetTokenFrom } from '../testing/mail-messages.js';

// Real servers on loopback (bus, SMTP, OIDC): generous on a loaded machine; nothing here waits on a timer.
jest.setTimeout(30_000);

const MINUTE = 60_000;
const RESET_URL = 'http://127.0.0.1:3000/reset-password';
const OLD_PASSWORD = 'the old password';
const NEW_PASSWORD = 'a fresh new password';

interface ReceivedMail {
  readonly from: string;
  readonly to: string[];
  readonly raw: string;
}

let tb: IdentityTestbed;
let seq = 0;

async function account(): Promise<{ email: string; refreshToken: string }> {
  const email = `reset${++seq}@example.com`;
  const session = await tb.bus.request(IdentitySubjects.signUp, {
    email,
    password: OLD_PASSWORD,
    name: 'Rita',
  });
  return { email, refreshToken: session.refreshToken };
}
const requestReset = (email: string) =>
  tb.bus.request(IdentitySubjects.requestPasswordReset, { email, resetUrl: RESET_URL });
const completeReset = (token: string, newPassword = NEW_PASSWORD) =>
  tb.bus.request(IdentitySubjects.completePasswordReset, { token, newPassword });
const signIn = (email: string, password: string) =>
  tb.bus.request(IdentitySubjects.signIn, { email, password, remember: true });

afterEach(async () => {
  await tb?.close();
});

describe('password reset over SMTP (real SMTP server on loopback)', () => {
  const inbox: ReceivedMail[] = [];
  let smtp: SMTPServer;
  let smtpUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: 'mailer' });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', () => resolve()));
    smtpUrl = `smtp://mailer:s3cret@127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const mailTo = (email: string) => eventually(() => inbox.filter((mail) => mail.to.includes(email)).at(-1));

  it('mails a single-use link; the new password replaces the old one and every session ends', async () => {
    tb = await createIdentityTestbed({
      mail: { transport: 'smtp', url: smtpUrl, from: 'Membolt <no-reply@membolt.test>' },
    });
    const { email, refreshToken } = await account();
    await expect(requestReset(email)).resolves.toEqual({ accepted: true });

    const mail = await mailTo(email);
    expect(mail.from).toBe('no-reply@membolt.test');
    expect(mail.raw).toMatch(/^Subject: Reset your Membolt password\r?$/m);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const token = resetTokenFrom(mail.raw);

    await expect(completeReset(token)).resolves.toEqual({ accepted: true });
    expect((await rejection(signIn(email, OLD_PASSWORD))).code).toBe(IdentityErrorCode.WrongPassword);
    await expect(signIn(email, NEW_PASSWORD)).resolves.toMatchObject({ user: { email } });
    expect((await rejection(tb.bus.request(IdentitySubjects.refreshSession, { refreshToken }))).code).toBe(
      IdentityErrorCode.InvalidSession,
    );

    const reused = await rejection(completeReset(token, 'yet another password'));
    expect(reused.code).toBe(IdentityErrorCode.ResetTokenInvalid);
    expect(reused.message).toBe('This password reset link is invalid or has expired.');
  });

  it('refuses a link older than one hour', async () => {
    tb = await createIdentityTestbed({
      mail: { transport: 'smtp', url: smtpUrl, from: 'Membolt <no-reply@membolt.test>' },
    });
    const { email } = await account();
    await requestReset(email);
    const token = resetTokenFrom((await mailTo(email)).raw);
    tb.clock.advance(61 * MINUTE);
    expect((await rejection(completeReset(token))).code).toBe(IdentityErrorCode.ResetTokenInvalid);
    await expect(signIn(email, OLD_PASSWORD)).resolves.toMatchObject({ user: { email } });
  });

  it('a newer link replaces an older unused one', async () => {
    tb = await createIdentityTestbed({
      mail: { transport: 'smtp', url: smtpUrl, from: 'Membolt <no-reply@membolt.test>' },
    });
    const { email } = await account();
    await requestReset(email);
    const first = resetTokenFrom((await mailTo(email)).raw);
    await requestReset(email);
    const second = await eventually(() => {
      const latest = inbox.filter((mail) => mail.to.includes(email)).at(-1);
      const token = latest ? resetTokenFrom(latest.raw) : first;
      return token !== first ? token : undefined;
    });
    expect((await rejection(completeReset(first))).code).toBe(IdentityErrorCode.ResetTokenInvalid);
    await expect(completeReset(second)).resolves.toEqual({ accepted: true });
  });
});

describe('password reset with the outbox folder', () => {
  const emlFiles = () => {
    try {
      return readdirSync(tb.mailDir).filter((name) => name.endsWith('.eml'));
    } catch {
      return [];
    }
  };

  it('writes one .eml file per mail, readable only by its owner', async () => {
    tb = await createIdentityTestbed();
    const { email } = await account();
    await requestReset(email);
    const file = await eventually(() => (emlFiles().length === 1 ? emlFiles()[0] : undefined));
    const path = join(tb.mailDir, file);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const raw = readFileSync(path, 'utf8');
    expect(raw).toMatch(new RegExp(`^To: ${email}\\r?$`, 'm'));
    const token = resetTokenFrom(raw);
    await expect(completeReset(token)).resolves.toEqual({ accepted: true });
    await expect(signIn(email, NEW_PASSWORD)).resolves.toMatchObject({ user: { email } });
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    tb = await createIdentityTestbed();
    const { email } = await account();
    await expect(requestReset('nobody@example.com')).resolves.toEqual({ accepted: true });
    // A known address afterwards proves the mailer works; still only its mail is there.
    await requestReset(email);
    const file = await eventually(() => (emlFiles().length === 1 ? emlFiles()[0] : undefined));
    expect(readFileSync(join(tb.mailDir, file), 'utf8')).toContain(email);
  });

  it('sends at most 3 mails per account and hour, and silently accepts the rest', async () => {
    tb = await createIdentityTestbed();
    const { email } = await account();
    for (let i = 0; i < 5; i++) await expect(requestReset(email)).resolves.toEqual({ accepted: true });
    await eventually(() => emlFiles().length === 3);
    tb.clock.advance(60 * MINUTE);
    await requestReset(email);
    await eventually(() => emlFiles().length === 4);
  });

  it('refuses a common or control-character password and keeps the link usable', async () => {
    tb = await createIdentityTestbed();
    const { email } = await account();
    await requestReset(email);
    const file = await eventually(() => (emlFiles().length === 1 ? emlFiles()[0] : undefined));
    const token = resetTokenFrom(readFileSync(join(tb.mailDir, file), 'utf8'));
    for (const [password, message] of [
      ['password', 'This password is too common'],
      ['12345678', 'This password is too common'],
      [' '.repeat(8), 'Password must contain characters other than spaces'],
      ['\0'.repeat(8), 'Password must not contain control characters'],
    ] as const) {
      const refused = await rejection(completeReset(token, password));
      expect(refused.code).toBe(CommonErrorCode.ValidationError);
      expect(refused.message).toContain(message);
    }
    await expect(signIn(email, OLD_PASSWORD)).resolves.toMatchObject({ user: { email } });
    await expect(completeReset(token)).resolves.toEqual({ accepted: true });
  });

  it('rejects an invalid token and a reset URL that is not absolute', async () => {
    tb = await createIdentityTestbed();
    expect((await rejection(completeReset('x'.repeat(43)))).code).toBe(IdentityErrorCode.ResetTokenInvalid);
    const badUrl = await rejection(
      tb.bus.request(IdentitySubjects.requestPasswordReset, { email: 'a@example.com', resetUrl: '/reset' }),
    );
    expect(badUrl.code).toBe(CommonErrorCode.ValidationError);
  });
});
