import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { AccessTokens } from '@membolt/auth-tokens';
import { BusBroadcasts } from '@membolt/bus';
import { rejection } from '@membolt/bus/testing';
import {
  AccessRevokedEvent,
  IdentityErrorCode,
  IdentitySubjects,
  type SessionView,
} from '@membolt/contracts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createIdentityTestbed,
  eventually,
  type IdentityTestbed,
  TEST_ACCESS_TOKEN_SECRET,
} from '../testing/identity-testbed.js';
import { resetTokenFrom } from '../testing/mail-messages.js';

jest.setTimeout(30_000);

const MINUTE = 60_000;
const PASSWORD = 'correct horse battery';
let tb: IdentityTestbed;
let seq = 0;
/** Every `identity.sessions.revoked.v1` this process heard, as a BFF replica would. */
let heard: AccessRevokedEvent[];
const tokens = new AccessTokens(TEST_ACCESS_TOKEN_SECRET);

async function newAccount(): Promise<{ email: string; session: SessionView }> {
  const email = `revocations${++seq}@example.com`;
  const session = await tb.bus.request(IdentitySubjects.signUp, { email, password: PASSWORD, name: 'Rae' });
  return { email, session };
}
const signIn = (email: string, password = PASSWORD) =>
  tb.bus.request(IdentitySubjects.signIn, { email, password, remember: true });
const sessionIdOf = async (session: SessionView) =>
  (await tokens.verify(session.accessToken, tb.clock.now()))!.sid;
const listed = () => tb.bus.request(IdentitySubjects.listAccessRevocations, {});
const expiry = () => new Date(tb.clock.now().getTime() + 15 * MINUTE).toISOString();

beforeEach(async () => {
  tb = await createIdentityTestbed();
  heard = [];
  await tb.get(BusBroadcasts).subscribe(IdentitySubjects.accessRevoked, AccessRevokedEvent, (event) => {
    heard.push(event);
  });
});
afterEach(async () => {
  await tb.close();
});

describe('access-token revocation', () => {
  it('sign-out revokes the session’s access tokens: broadcast, and listed for 15 minutes only', async () => {
    const { session } = await newAccount();
    const sid = await sessionIdOf(session);
    await tb.bus.request(IdentitySubjects.signOut, { refreshToken: session.refreshToken });
    expect(heard).toEqual([{ sessionIds: [sid], userIds: [], expiresAt: expiry() }]);
    expect(await listed()).toEqual({ revocations: [{ kind: 'session', id: sid, expiresAt: expiry() }] });
    tb.clock.advance(15 * MINUTE);
    expect(await listed()).toEqual({ revocations: [] });
  });

  it('refresh-token reuse revokes the stolen session’s access tokens', async () => {
    const { session } = await newAccount();
    const sid = await sessionIdOf(session);
    await tb.bus.request(IdentitySubjects.refreshSession, { refreshToken: session.refreshToken });
    expect(heard).toEqual([]);
    await rejection(tb.bus.request(IdentitySubjects.refreshSession, { refreshToken: session.refreshToken }));
    expect(heard.flatMap((event) => event.sessionIds)).toEqual([sid]);
  });

  it('a password change revokes every other session, not the one that made it', async () => {
    const { email, session } = await newAccount();
    const other = await signIn(email);
    const keep = await sessionIdOf(session);
    await tb.bus.request(
      IdentitySubjects.changePassword,
      { currentPassword: PASSWORD, newPassword: 'another long password', keepSessionId: keep },
      { userId: session.user.id },
    );
    expect(heard.flatMap((event) => event.sessionIds)).toEqual([await sessionIdOf(other)]);
  });

  it('a password reset revokes every session of the account', async () => {
    const { email, session } = await newAccount();
    const other = await signIn(email);
    await tb.bus.request(IdentitySubjects.requestPasswordReset, {
      email,
      resetUrl: 'https://membolt.test/reset-password',
    });
    const mailFile = await eventually(
      () => existsSync(tb.mailDir) && readdirSync(tb.mailDir).find((name) => name.endsWith('.eml')),
    );
    const token = resetTokenFrom(readFileSync(join(tb.mailDir, mailFile), 'utf8'));
    await tb.bus.request(IdentitySubjects.completePasswordReset, {
      token,
      newPassword: 'brand new password',
    });
    expect(new Set(heard.flatMap((event) => event.sessionIds))).toEqual(
      new Set([await sessionIdOf(session), await sessionIdOf(other)]),
    );
  });

  it('account deletion revokes every access token of the user, whatever the session', async () => {
    const { session } = await newAccount();
    await tb.bus.request(IdentitySubjects.deleteAccount, {}, { userId: session.user.id });
    expect(heard).toContainEqual({ sessionIds: [], userIds: [session.user.id], expiresAt: expiry() });
    expect((await listed()).revocations).toContainEqual({
      kind: 'user',
      id: session.user.id,
      expiresAt: expiry(),
    });
  });
});

describe('time of sign-in in the access token', () => {
  it('is the sign-in, and refreshes keep it', async () => {
    const signedInAt = tb.clock.now();
    const { session } = await newAccount();
    tb.clock.advance(20 * MINUTE);
    const refreshed = await tb.bus.request(IdentitySubjects.refreshSession, {
      refreshToken: session.refreshToken,
    });
    const claims = await tokens.verify(refreshed.accessToken, tb.clock.now());
    expect(claims?.authTime).toEqual(signedInAt);
  });
});

describe('identity.users.verify-password.v1', () => {
  it('accepts the acting user’s own password only: another account’s password is wrong for it', async () => {
    const alice = await newAccount();
    const bob = await newAccount();
    await tb.bus.request(
      IdentitySubjects.changePassword,
      { currentPassword: PASSWORD, newPassword: 'bob has his own one' },
      { userId: bob.session.user.id },
    );
    await expect(
      tb.bus.request(
        IdentitySubjects.verifyPassword,
        { password: PASSWORD },
        { userId: alice.session.user.id },
      ),
    ).resolves.toEqual({ accepted: true });
    const crossUser = await rejection(
      tb.bus.request(
        IdentitySubjects.verifyPassword,
        { password: PASSWORD },
        { userId: bob.session.user.id },
      ),
    );
    expect(crossUser.code).toBe(IdentityErrorCode.WrongPassword);
    const anonymous = await rejection(
      tb.bus.request(IdentitySubjects.verifyPassword, { password: PASSWORD }),
    );
    expect(anonymous.message).toBe('This operation needs a signed-in user.');
    const empty = await rejection(
      tb.bus.request(IdentitySubjects.verifyPassword, { password: '' }, { userId: alice.session.user.id }),
    );
    expect(empty.message).toBe('Enter your current password.');
  });
});

describe('identity.users.status.v1', () => {
  it('is active for a live account only: not for an unknown id nor a deleted account', async () => {
    const { session } = await newAccount();
    const statusOf = (userId: string) => tb.bus.request(IdentitySubjects.userStatus, {}, { userId });
    expect(await statusOf(session.user.id)).toEqual({ active: true });
    expect(await statusOf('nonexistent-user')).toEqual({ active: false });
    await tb.bus.request(IdentitySubjects.deleteAccount, {}, { userId: session.user.id });
    expect(await statusOf(session.user.id)).toEqual({ active: false });
  });
});
