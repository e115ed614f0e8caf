import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { AccessTokens } from '@membolt/auth-tokens';
import { rejection } from '@membolt/bus/testing';
import {
  CommonErrorCode,
  DEFAULT_BIO,
  IdentityErrorCode,
  IdentitySubjects,
  KeysSubjects,
  SubscriptionSubjects,
  type UpdatePreferencesRequest,
} from '@membolt/contracts';
import { IDENTITY_STORE, type IdentityStore } from '../ports/identity-store.js';
import {
  createIdentityTestbed,
  type IdentityTestbed,
  TEST_ACCESS_TOKEN_SECRET,
} from '../testing/identity-testbed.js';
import { AccountSetupService } from './account-setup.service.js';

// Real servers on loopback (bus, SMTP, OIDC): generous on a loaded machine; nothing here waits on a timer.
jest.setTimeout(30_000);

const DAY = 86_400_000;
let tb: IdentityTestbed;
let seq = 0;

const signUp = (
  overrides: Partial<{ email: string; password: string; name: string; clientAddress: string }> = {},
) =>
  tb.bus.request(IdentitySubjects.signUp, {
    email: `person${++seq}@example.com`,
    password: 'correct horse battery',
    name: 'Ada Lovelace',
    ...overrides,
  });

const signIn = (email: string, password: string, remember = true) =>
  tb.bus.request(IdentitySubjects.signIn, { email, password, remember });

const changePassword = (
  userId: string,
  passwords: { currentPassword: string; newPassword: string; keepSessionId?: string },
) => tb.bus.request(IdentitySubjects.changePassword, passwords, { userId });

beforeEach(async () => {
  tb = await createIdentityTestbed();
});
afterEach(async () => {
  await tb.close();
});

describe('sign-up', () => {
  it('creates the account with the documented defaults and signs it in persistently', async () => {
    const session = await signUp({ email: '  Ada@Example.COM ', name: '  Ada  ' });
    const now = tb.clock.now();
    expect(session.user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'ada@example.com',
      name: 'Ada',
      bio: DEFAULT_BIO,
      createdAt: now.toISOString(),
      lastActiveAt: now.toISOString(),
      settings: { theme: 'light', defaultModel: 'claude-3-7-sonnet' },
      notifications: {
        emailNotifications: true,
        newFeatures: true,
        marketingEmails: false,
        conversationSummaries: true,
      },
      memoryGraph: {
        id: expect.stringMatching(/^graph_[0-9a-f-]{36}$/),
        status: 'active',
        createdAt: now.toISOString(),
      },
      authMethods: ['password'],
      setupComplete: true,
    });
    expect(session.persistent).toBe(true);
    expect(session.refreshTokenExpiresAt).toBe(new Date(now.getTime() + 30 * DAY).toISOString());
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = await new AccessTokens(TEST_ACCESS_TOKEN_SECRET).verify(session.accessToken, now);
    expect(claims?.sub).toBe(session.user.id);
    expect(new Date(session.accessTokenExpiresAt).getTime() - now.getTime()).toBe(15 * 60_000);
  });

  it('creates the free subscription, acting as the user, and no API key whose secret nobody sees (decision 088)', async () => {
    const { user } = await signUp();
    expect(tb.stubs.keysOf(user.id)).toEqual([]);
    expect(tb.stubs.callsTo(KeysSubjects.create.name)).toEqual([]);
    expect(tb.stubs.subscriptions.has(user.id)).toBe(true);
    expect(tb.stubs.callsTo(SubscriptionSubjects.init.name)).toEqual([user.id]);
    expect(await tb.get<IdentityStore>(IDENTITY_STORE).outbox.listForUser(user.id)).toEqual([]);
  });

  it('refuses an e-mail already in use, whatever its case', async () => {
    await signUp({ email: 'taken@example.com' });
    const error = await rejection(signUp({ email: 'TAKEN@example.com' }));
    expect(error.code).toBe(IdentityErrorCode.EmailAlreadyInUse);
    expect(error.message).toBe('This email is already in use. Please try another one or sign in.');
  });

  it('validates the input with the screen texts and stores nothing', async () => {
    const invalid = await rejection(signUp({ email: 'no-at-sign', password: 'short', name: ' ' }));
    expect(invalid.code).toBe(CommonErrorCode.ValidationError);
    expect(invalid.message).toContain('Please enter a valid email address');
    expect(invalid.message).toContain('Password must be at least 8 characters long');
    expect(invalid.message).toContain('Name is required');
  });

  it.each([
    ['password', 'This password is too common and appears in lists of leaked passwords.'],
    ['12345678', 'This password is too common and appears in lists of leaked passwords.'],
    ['PassWord1 ', 'This password is too common and appears in lists of leaked passwords.'],
    [' '.repeat(8), 'Password must contain characters other than spaces'],
    ['\0'.repeat(8), 'Password must not contain control characters'],
    ['correct\nhorse', 'Password must not contain control characters'],
  ])('refuses the password %j with a clear message and creates nothing', async (password, message) => {
    const email = `refused${++seq}@example.com`;
    const refused = await rejection(signUp({ email, password }));
    expect(refused.code).toBe(CommonErrorCode.ValidationError);
    expect(refused.message).toContain(message);
    // Nothing was stored: the same e-mail signs up with a good password.
    await expect(signUp({ email })).resolves.toMatchObject({ user: { email } });
  });

  it('throttles sign-ups per client address, counting every attempt; other addresses and the CLI are not affected', async () => {
    const address = '203.0.113.50';
    for (let i = 0; i < 10; i++) await signUp({ clientAddress: address });
    const refused = await rejection(signUp({ email: 'eleventh@example.com', clientAddress: address }));
    expect(refused.code).toBe(IdentityErrorCode.TooManyRequests);
    expect(refused.message).toBe('Too many sign-up attempts from your network. Please try again later.');
    await expect(signUp({ clientAddress: '198.51.100.7' })).resolves.toBeDefined();
    await expect(signUp()).resolves.toBeDefined();
    // Nothing was created by the refused attempt; after an hour the address may sign up again.
    tb.clock.advance(60 * 60 * 1000);
    await expect(signUp({ email: 'eleventh@example.com', clientAddress: address })).resolves.toMatchObject({
      user: { email: 'eleventh@example.com' },
    });
  });

  it('refuses all but the allowed sign-ups of concurrent requests from one address', async () => {
    const address = '203.0.113.51';
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => signUp({ clientAddress: address })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
  });

  it('succeeds when billing is down; the outbox worker finishes the setup with backoff', async () => {
    tb.stubs.failing.add('billing');
    const { user } = await signUp();
    expect(user.setupComplete).toBe(false);
    const outbox = tb.get<IdentityStore>(IDENTITY_STORE).outbox;
    expect(await outbox.listForUser(user.id)).toEqual([
      expect.objectContaining({
        kind: 'init-subscription',
        attempts: 1,
        lastError: expect.stringContaining('billing'),
      }),
    ]);

    const setup = tb.get(AccountSetupService);
    tb.stubs.failing.delete('billing');
    // Not due before its backoff has passed.
    expect(await setup.runDue()).toBe(0);
    tb.clock.advance(5_000);
    expect(await setup.runDue()).toBe(1);
    expect(tb.stubs.subscriptions.has(user.id)).toBe(true);
    expect((await tb.bus.request(IdentitySubjects.currentUser, {}, { userId: user.id })).setupComplete).toBe(
      true,
    );
    // A default-key step stored before decision 088 is completed without making a key.
    await outbox.add(user.id, ['create-default-api-key'], tb.clock.now());
    expect(await setup.runDue()).toBe(0);
    expect(await outbox.listForUser(user.id)).toEqual([]);
    expect(tb.stubs.keysOf(user.id)).toEqual([]);
  });

  it('doubles the retry delay after each failure', async () => {
    tb.stubs.failing.add('billing');
    const { user } = await signUp();
    const outbox = tb.get<IdentityStore>(IDENTITY_STORE).outbox;
    const setup = tb.get(AccountSetupService);
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [step] = await outbox.listForUser(user.id);
      const delay = (step?.nextAttemptAt.getTime() ?? Number.NaN) - tb.clock.now().getTime();
      delays.push(delay);
      tb.clock.advance(delay);
      await setup.runDue();
    }
    expect(delays).toEqual([5_000, 10_000, 20_000]);
  });
});

describe('profile, preferences, notifications, memory graph', () => {
  it("changes only the acting user's own fields and keeps the rest", async () => {
    const { user } = await signUp();
    const asUser = { userId: user.id };
    const profiled = await tb.bus.request(
      IdentitySubjects.updateProfile,
      { name: ' Grace ', bio: 'Compilers.' },
      asUser,
    );
    expect(profiled).toMatchObject({ name: 'Grace', bio: 'Compilers.', email: user.email });
    const themed = await tb.bus.request(IdentitySubjects.updatePreferences, { theme: 'dark' }, asUser);
    expect(themed.settings).toEqual({ theme: 'dark', defaultModel: 'claude-3-7-sonnet' });
    const modelled = await tb.bus.request(
      IdentitySubjects.updatePreferences,
      { defaultModel: 'gpt-4o' },
      asUser,
    );
    expect(modelled.settings).toEqual({ theme: 'dark', defaultModel: 'gpt-4o' });
    const notified = await tb.bus.request(
      IdentitySubjects.updateNotifications,
      { marketingEmails: true, newFeatures: false },
      asUser,
    );
    expect(notified.notifications).toEqual({
      emailNotifications: true,
      newFeatures: false,
      marketingEmails: true,
      conversationSummaries: true,
    });
    expect(await tb.bus.request(IdentitySubjects.currentUser, {}, asUser)).toEqual(notified);
  });

  it('rejects unknown models and themes, and an empty name', async () => {
    const { user } = await signUp();
    const model = await rejection(
      tb.bus.request(
        IdentitySubjects.updatePreferences,
        // A model outside the catalogue, as a client could send it: refused on receipt.
        { defaultModel: 'gpt-9' } as unknown as UpdatePreferencesRequest,
        { userId: user.id },
      ),
    );
    expect(model.code).toBe(CommonErrorCode.ValidationError);
    const name = await rejection(
      tb.bus.request(IdentitySubjects.updateProfile, { name: '  ' }, { userId: user.id }),
    );
    expect(name.message).toBe('Name is required');
  });

  it('answers the same memory graph every time', async () => {
    const { user } = await signUp();
    const first = await tb.bus.request(IdentitySubjects.ensureMemoryGraph, {}, { userId: user.id });
    const second = await tb.bus.request(IdentitySubjects.ensureMemoryGraph, {}, { userId: user.id });
    expect(first).toEqual(user.memoryGraph);
    expect(second).toEqual(first);
  });

  it('answers user-not-found for an unknown acting user', async () => {
    const error = await rejection(
      tb.bus.request(IdentitySubjects.currentUser, {}, { userId: 'no-such-user' }),
    );
    expect(error.code).toBe(IdentityErrorCode.UserNotFound);
    expect(error.message).toBe("We couldn't find your account.");
  });
});

describe('change password', () => {
  it('checks the current password', async () => {
    const { user } = await signUp();
    const error = await rejection(
      changePassword(user.id, { currentPassword: 'not it at all', newPassword: 'new password 1' }),
    );
    expect(error.code).toBe(IdentityErrorCode.WrongPassword);
    expect(error.message).toBe('The current password is incorrect.');
  });

  it('stores the new password and revokes every session except the one to keep', async () => {
    const signedUp = await signUp({ email: 'changer@example.com' });
    const other = await signIn('changer@example.com', 'correct horse battery', false);
    const keep = await signIn('changer@example.com', 'correct horse battery');
    const keepSessionId = (
      await new AccessTokens(TEST_ACCESS_TOKEN_SECRET).verify(keep.accessToken, tb.clock.now())
    )?.sid;

    await changePassword(signedUp.user.id, {
      currentPassword: 'correct horse battery',
      newPassword: 'a brand new secret',
      keepSessionId,
    });

    for (const revoked of [signedUp, other]) {
      expect(
        (
          await rejection(
            tb.bus.request(IdentitySubjects.refreshSession, { refreshToken: revoked.refreshToken }),
          )
        ).code,
      ).toBe(IdentityErrorCode.InvalidSession);
    }
    await expect(
      tb.bus.request(IdentitySubjects.refreshSession, { refreshToken: keep.refreshToken }),
    ).resolves.toMatchObject({
      user: { id: signedUp.user.id },
    });
    const old = await rejection(signIn('changer@example.com', 'correct horse battery'));
    expect(old.code).toBe(IdentityErrorCode.WrongPassword);
    await expect(signIn('changer@example.com', 'a brand new secret')).resolves.toMatchObject({
      user: { id: signedUp.user.id },
    });
  });

  it('refuses a common new password and keeps the old one', async () => {
    const { user } = await signUp({ email: 'keeper@example.com' });
    const refused = await rejection(
      changePassword(user.id, { currentPassword: 'correct horse battery', newPassword: 'iloveyou' }),
    );
    expect(refused.code).toBe(CommonErrorCode.ValidationError);
    expect(refused.message).toContain('This password is too common');
    await expect(signIn('keeper@example.com', 'correct horse battery')).resolves.toMatchObject({
      user: { id: user.id },
    });
  });

  it('stops guessing the current password after 5 wrong ones, for change and for confirmation alike', async () => {
    const { user } = await signUp();
    const verify = (password: string) =>
      tb.bus.request(IdentitySubjects.verifyPassword, { password }, { userId: user.id });
    for (let i = 0; i < 3; i++)
      expect((await rejection(verify(`guess number ${i}`))).code).toBe(IdentityErrorCode.WrongPassword);
    for (let i = 0; i < 2; i++) {
      const wrong = await rejection(
        changePassword(user.id, { currentPassword: `other guess ${i}`, newPassword: 'new password 1' }),
      );
      expect(wrong.code).toBe(IdentityErrorCode.WrongPassword);
    }
    // Past the limit even the right password waits: a stolen session cannot confirm its way in.
    const limited = await rejection(verify('correct horse battery'));
    expect(limited.code).toBe(IdentityErrorCode.TooManyRequests);
    expect(limited.message).toBe('Too many wrong passwords. Please try again in a few minutes.');
    tb.clock.advance(15 * 60_000 + 1);
    await expect(verify('correct horse battery')).resolves.toBeDefined();
  });

  it('revokes all sessions when no session is named', async () => {
    const signedUp = await signUp();
    await changePassword(signedUp.user.id, {
      currentPassword: 'correct horse battery',
      newPassword: 'a brand new secret',
    });
    expect(
      (
        await rejection(
          tb.bus.request(IdentitySubjects.refreshSession, { refreshToken: signedUp.refreshToken }),
        )
      ).code,
    ).toBe(IdentityErrorCode.InvalidSession);
  });
});
