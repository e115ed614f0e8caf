import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { rejection } from '@membolt/bus/testing';
import { IdentityErrorCode, IdentitySubjects, type SessionView } from '@membolt/contracts';
import type { IdentityLimits } from '../identity.options.js';
import { createIdentityTestbed, type IdentityTestbed } from '../testing/identity-testbed.js';

// Real servers on loopback (bus, SMTP, OIDC): generous on a loaded machine; nothing here waits on a timer.
jest.setTimeout(30_000);

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PASSWORD = 'correct horse battery';
let tb: IdentityTestbed;
let seq = 0;
let email: string;

async function newAccount(): Promise<SessionView> {
  email = `sessions${++seq}@example.com`;
  return tb.bus.request(IdentitySubjects.signUp, { email, password: PASSWORD, name: 'Sam' });
}
const signIn = (
  password = PASSWORD,
  extra: {
    remember?: boolean;
    clientAddress?: string;
    email?: string;
    deviceToken?: string | undefined;
  } = {},
) =>
  tb.bus.request(IdentitySubjects.signIn, {
    email: extra.email ?? email,
    password,
    remember: extra.remember ?? true,
    ...(extra.clientAddress ? { clientAddress: extra.clientAddress } : {}),
    ...(extra.deviceToken ? { deviceToken: extra.deviceToken } : {}),
  });

/** A testbed with other limits (and a fresh account in it), for rules whose defaults take long to reach. */
async function reopenWithLimits(limits: Partial<IdentityLimits>): Promise<IdentityTestbed> {
  await tb.close();
  tb = await createIdentityTestbed({ limits });
  await newAccount();
  return tb;
}
const refresh = (refreshToken: string) => tb.bus.request(IdentitySubjects.refreshSession, { refreshToken });

beforeEach(async () => {
  tb = await createIdentityTestbed();
  await newAccount();
});
afterEach(async () => {
  await tb.close();
});

describe('sign-in', () => {
  it('answers the same error for an unknown e-mail and a wrong password', async () => {
    const wrong = await rejection(signIn('wrong password!'));
    const unknown = await rejection(signIn(PASSWORD, { email: 'nobody@example.com' }));
    for (const error of [wrong, unknown]) {
      expect(error.code).toBe(IdentityErrorCode.WrongPassword);
      expect(error.message).toBe('Invalid email or password');
    }
  });

  it('signs in with the e-mail in any case and records the activity', async () => {
    tb.clock.advance(MINUTE);
    const session = await signIn(PASSWORD, { email: email.toUpperCase() });
    expect(session.user.email).toBe(email);
    expect(session.user.lastActiveAt).toBe(tb.clock.now().toISOString());
  });

  it('makes a 24-hour session when "Remember me" is unticked, 30 days when ticked', async () => {
    const now = tb.clock.now().getTime();
    const browser = await signIn(PASSWORD, { remember: false });
    expect(browser.persistent).toBe(false);
    expect(browser.refreshTokenExpiresAt).toBe(new Date(now + DAY).toISOString());
    const remembered = await signIn(PASSWORD, { remember: true });
    expect(remembered.persistent).toBe(true);
    expect(remembered.refreshTokenExpiresAt).toBe(new Date(now + 30 * DAY).toISOString());
  });

  it('an attacker cannot lock the owner out: failures from one address do not block another', async () => {
    const attacker = '203.0.113.66';
    for (let i = 0; i < 5; i++) await rejection(signIn('wrong password!', { clientAddress: attacker }));
    // The attacker's address waits, even with the right password...
    const locked = await rejection(signIn(PASSWORD, { clientAddress: attacker }));
    expect(locked.code).toBe(IdentityErrorCode.TooManyRequests);
    expect(locked.message).toBe('Too many failed login attempts. Please try again later.');
    // ...while the owner, elsewhere, signs in at once.
    await expect(signIn(PASSWORD, { clientAddress: '198.51.100.20' })).resolves.toMatchObject({
      user: { email },
    });
  });

  it('backs off exponentially per account and address: 1, 2, 4 minutes after the fifth failure', async () => {
    const address = '203.0.113.9';
    for (let i = 0; i < 5; i++) await rejection(signIn('wrong password!', { clientAddress: address }));
    for (const waitMinutes of [1, 2, 4]) {
      tb.clock.advance(waitMinutes * MINUTE - 1);
      expect((await rejection(signIn(PASSWORD, { clientAddress: address }))).code).toBe(
        IdentityErrorCode.TooManyRequests,
      );
      tb.clock.advance(1);
      // The wait is over: one more try, wrong again, doubles the next wait.
      expect((await rejection(signIn('wrong password!', { clientAddress: address }))).code).toBe(
        IdentityErrorCode.WrongPassword,
      );
    }
    tb.clock.advance(8 * MINUTE);
    await expect(signIn(PASSWORD, { clientAddress: address })).resolves.toMatchObject({ user: { email } });
  });

  it('an account-wide ceiling stops a distributed guess, but a known device still signs in', async () => {
    tb = await reopenWithLimits({ signInFailuresPerAccount: 12 });
    const known = await signIn(PASSWORD, { clientAddress: '198.51.100.20' });
    expect(known.deviceToken).toEqual(expect.any(String));
    for (let i = 0; i < 12; i++) {
      await rejection(signIn('wrong password!', { clientAddress: `203.0.113.${i}` }));
    }
    // A new browser at a fresh address is refused: the account is under attack.
    expect((await rejection(signIn(PASSWORD, { clientAddress: '192.0.2.1' }))).code).toBe(
      IdentityErrorCode.TooManyRequests,
    );
    // The owner's browser (device cookie) still gets in, from anywhere, and keeps its device token.
    const again = await signIn(PASSWORD, { clientAddress: '192.0.2.1', deviceToken: known.deviceToken });
    expect(again.user.email).toBe(email);
    expect(again.deviceToken).toBe(known.deviceToken);
  });

  it('a device token of another account, or a forged one, is no known device', async () => {
    tb = await reopenWithLimits({ signInFailuresPerAccount: 3 });
    const ownEmail = email;
    const other = await newAccount();
    const otherDevice = (await signIn(PASSWORD, { email: other.user.email })).deviceToken;
    email = ownEmail;
    for (let i = 0; i < 3; i++)
      await rejection(signIn('wrong password!', { clientAddress: `203.0.113.${i}` }));
    for (const deviceToken of [otherDevice, 'forged.token', `${otherDevice?.split('.')[0]}.AAAA`]) {
      expect((await rejection(signIn(PASSWORD, { deviceToken }))).code).toBe(
        IdentityErrorCode.TooManyRequests,
      );
    }
  });

  it('a known device has its own backoff: a stolen cookie does not give unlimited guesses', async () => {
    const { deviceToken } = await signIn();
    for (let i = 0; i < 5; i++) await rejection(signIn('wrong password!', { deviceToken }));
    expect((await rejection(signIn(PASSWORD, { deviceToken }))).code).toBe(IdentityErrorCode.TooManyRequests);
    tb.clock.advance(MINUTE);
    await expect(signIn(PASSWORD, { deviceToken })).resolves.toMatchObject({ user: { email } });
  });

  it('a success clears the failures of the account', async () => {
    for (let i = 0; i < 4; i++) await rejection(signIn('wrong password!'));
    await signIn();
    for (let i = 0; i < 4; i++) await rejection(signIn('wrong password!'));
    await expect(signIn()).resolves.toMatchObject({ user: { email } });
  });

  it('limits failures per client address across accounts (20 in 15 minutes)', async () => {
    const address = '203.0.113.7';
    for (let i = 0; i < 20; i++)
      await rejection(signIn(PASSWORD, { email: `guess${i}@example.com`, clientAddress: address }));
    expect((await rejection(signIn(PASSWORD, { clientAddress: address }))).code).toBe(
      IdentityErrorCode.TooManyRequests,
    );
    // Another address is not affected, and the account itself has no failures.
    await expect(signIn(PASSWORD, { clientAddress: '198.51.100.1' })).resolves.toMatchObject({
      user: { email },
    });
  });

  it('counts unknown e-mails against that e-mail too (no difference an attacker could see)', async () => {
    for (let i = 0; i < 5; i++) await rejection(signIn(PASSWORD, { email: 'ghost@example.com' }));
    expect((await rejection(signIn(PASSWORD, { email: 'ghost@example.com' }))).code).toBe(
      IdentityErrorCode.TooManyRequests,
    );
  });
});

describe('refresh and sign-out', () => {
  it('rotates the refresh token within the same session and slides its expiry', async () => {
    const first = await signIn();
    tb.clock.advance(DAY);
    const second = await refresh(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.persistent).toBe(true);
    expect(second.refreshTokenExpiresAt).toBe(new Date(tb.clock.now().getTime() + 30 * DAY).toISOString());
    expect(second.user.lastActiveAt).toBe(tb.clock.now().toISOString());
    const third = await refresh(second.refreshToken);
    expect(third.user.id).toBe(first.user.id);
  });

  it('revokes the whole session when a used refresh token comes back (theft)', async () => {
    const first = await signIn();
    const second = await refresh(first.refreshToken);
    const replay = await rejection(refresh(first.refreshToken));
    expect(replay.code).toBe(IdentityErrorCode.InvalidSession);
    // The thief's replay also ends the legitimate holder's current token.
    expect((await rejection(refresh(second.refreshToken))).code).toBe(IdentityErrorCode.InvalidSession);
  });

  it('expires a browser session after 24 hours and a remembered one after 30 days of no use', async () => {
    const browser = await signIn(PASSWORD, { remember: false });
    const remembered = await signIn(PASSWORD, { remember: true });
    tb.clock.advance(DAY);
    const expired = await rejection(refresh(browser.refreshToken));
    expect(expired.code).toBe(IdentityErrorCode.InvalidSession);
    expect(expired.message).toBe('Your session has expired. Please sign in again.');
    tb.clock.advance(29 * DAY - 1);
    const renewed = await refresh(remembered.refreshToken);
    tb.clock.advance(30 * DAY);
    expect((await rejection(refresh(renewed.refreshToken))).code).toBe(IdentityErrorCode.InvalidSession);
  });

  it('answers invalid-session for an unknown token', async () => {
    expect((await rejection(refresh('x'.repeat(43)))).code).toBe(IdentityErrorCode.InvalidSession);
  });

  it('signs out one session, idempotently, and accepts unknown tokens', async () => {
    const a = await signIn();
    const b = await signIn();
    await expect(tb.bus.request(IdentitySubjects.signOut, { refreshToken: a.refreshToken })).resolves.toEqual(
      { accepted: true },
    );
    await expect(tb.bus.request(IdentitySubjects.signOut, { refreshToken: a.refreshToken })).resolves.toEqual(
      { accepted: true },
    );
    await expect(tb.bus.request(IdentitySubjects.signOut, { refreshToken: 'unknown' })).resolves.toEqual({
      accepted: true,
    });
    expect((await rejection(refresh(a.refreshToken))).code).toBe(IdentityErrorCode.InvalidSession);
    await expect(refresh(b.refreshToken)).resolves.toMatchObject({ user: { email } });
  });
});
