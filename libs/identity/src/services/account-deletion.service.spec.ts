import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { rejection } from '@membolt/bus/testing';
import {
  CommonErrorCode,
  IdentityErrorCode,
  IdentitySubjects,
  KeysSubjects,
  PortalSubjects,
  USER_DATA_SERVICES,
} from '@membolt/contracts';
import { randomUUID } from 'node:crypto';
import { IDENTITY_STORE, type IdentityStore } from '../ports/identity-store.js';
import { createIdentityTestbed, type IdentityTestbed } from '../testing/identity-testbed.js';
import { AccountSetupService } from './account-setup.service.js';

// Real servers on loopback (bus, SMTP, OIDC): generous on a loaded machine; nothing here waits on a timer.
jest.setTimeout(30_000);

const PASSWORD = 'correct horse battery';
let tb: IdentityTestbed;
let seq = 0;

async function account() {
  const email = `delete${++seq}@example.com`;
  const session = await tb.bus.request(IdentitySubjects.signUp, { email, password: PASSWORD, name: 'Dee' });
  return { email, session, userId: session.user.id };
}

beforeEach(async () => {
  tb = await createIdentityTestbed();
});
afterEach(async () => {
  await tb.close();
});

describe('delete account', () => {
  it('asks every data service, then removes the account: it can no longer sign in or act', async () => {
    const dee = await account();
    const other = await account();
    for (const owner of [dee, other])
      await tb.bus.request(KeysSubjects.create, { name: 'Laptop script' }, { userId: owner.userId });
    await tb.bus.request(IdentitySubjects.signIn, { email: dee.email, password: PASSWORD, remember: false });
    await tb.bus.request(IdentitySubjects.requestPasswordReset, {
      email: dee.email,
      resetUrl: 'http://127.0.0.1/reset',
    });
    for (const owner of [dee, other]) {
      await tb.bus.request(PortalSubjects.updateSettings, { displayName: 'Acme' }, { userId: owner.userId });
      await tb.bus.request(
        PortalSubjects.recordAction,
        { id: randomUUID(), endUserId: 'customer-1', action: 'viewed', memoryCount: 0 },
        { userId: owner.userId },
      );
    }

    const receipt = await tb.bus.request(IdentitySubjects.deleteAccount, {}, { userId: dee.userId });

    expect(receipt).toEqual({
      userId: dee.userId,
      deletedAt: tb.clock.now().toISOString(),
      services: [
        { service: 'keys', removed: { apiKeys: 1 } },
        { service: 'billing', removed: { subscriptions: 1 } },
        { service: 'memory', removed: { items: 0 } },
        { service: 'ingestion', removed: { items: 0 } },
        { service: 'chat', removed: { items: 0 } },
        { service: 'webhooks', removed: { items: 0 } },
        {
          service: 'identity',
          removed: {
            users: 1,
            sessions: 2,
            passwordResetTokens: 1,
            rateLimitEntries: 1,
            outboxSteps: 0,
            portalEntries: 2,
          },
        },
      ],
      pending: [],
    });
    expect(tb.stubs.deletions).toEqual(
      USER_DATA_SERVICES.map((service) => ({ service, userId: dee.userId })),
    );

    expect(
      (
        await rejection(
          tb.bus.request(IdentitySubjects.signIn, { email: dee.email, password: PASSWORD, remember: true }),
        )
      ).code,
    ).toBe(IdentityErrorCode.WrongPassword);
    const gone = await rejection(tb.bus.request(IdentitySubjects.currentUser, {}, { userId: dee.userId }));
    expect(gone.code).toBe(IdentityErrorCode.UserNotFound);
    expect(
      (
        await rejection(
          tb.bus.request(IdentitySubjects.refreshSession, { refreshToken: dee.session.refreshToken }),
        )
      ).code,
    ).toBe(IdentityErrorCode.InvalidSession);
    expect(
      (await rejection(tb.bus.request(IdentitySubjects.deleteAccount, {}, { userId: dee.userId }))).code,
    ).toBe(IdentityErrorCode.UserNotFound);
    // The e-mail can be used for a new account.
    await expect(
      tb.bus.request(IdentitySubjects.signUp, { email: dee.email, password: PASSWORD, name: 'Dee again' }),
    ).resolves.toMatchObject({
      user: { email: dee.email },
    });

    // Nobody else was touched.
    await expect(
      tb.bus.request(IdentitySubjects.currentUser, {}, { userId: other.userId }),
    ).resolves.toMatchObject({ email: other.email });
    expect(tb.stubs.keysOf(other.userId)).toHaveLength(1);
    await expect(
      tb.bus.request(PortalSubjects.getSettings, {}, { userId: other.userId }),
    ).resolves.toMatchObject({ displayName: 'Acme' });
    await expect(
      tb.bus.request(PortalSubjects.listAudit, { limit: 10, offset: 0 }, { userId: other.userId }),
    ).resolves.toMatchObject({ totalCount: 1 });
    expect(tb.stubs.subscriptions.has(other.userId)).toBe(true);
  });

  it('lists a service it cannot reach as pending and retries it until it confirms', async () => {
    const dee = await account();
    tb.stubs.failing.add('memory');
    const receipt = await tb.bus.request(IdentitySubjects.deleteAccount, {}, { userId: dee.userId });
    expect(receipt.pending).toEqual(['memory']);
    expect(receipt.services.map((view) => view.service)).toEqual([
      'keys',
      'billing',
      'ingestion',
      'chat',
      'webhooks',
      'identity',
    ]);
    const outbox = tb.get<IdentityStore>(IDENTITY_STORE).outbox;
    expect((await outbox.listForUser(dee.userId)).map((step) => step.kind)).toEqual([
      'delete-user-data:memory',
    ]);

    const setup = tb.get(AccountSetupService);
    tb.clock.advance(5_000);
    await setup.runDue();
    expect(await outbox.listForUser(dee.userId)).toHaveLength(1);
    tb.stubs.failing.delete('memory');
    // The step was recorded before the services were asked, due after one worker lease (a minute).
    tb.clock.advance(60_000);
    expect(await setup.runDue()).toBe(1);
    expect(tb.stubs.deletions).toContainEqual({ service: 'memory', userId: dee.userId });
    expect(await outbox.listForUser(dee.userId)).toEqual([]);
  });

  it('refuses a deletion that starts after its caller stopped waiting, and changes nothing', async () => {
    const dee = await account();
    const startBy = new Date(tb.clock.nowMs() - 1).toISOString();
    const refused = await rejection(
      tb.bus.request(IdentitySubjects.deleteAccount, { startBy }, { userId: dee.userId }),
    );
    expect(refused.code).toBe(CommonErrorCode.ServiceUnavailable);
    expect(tb.stubs.deletions).toEqual([]);
    expect(await tb.get<IdentityStore>(IDENTITY_STORE).outbox.listForUser(dee.userId)).toEqual([]);
    await expect(tb.bus.request(IdentitySubjects.userStatus, {}, { userId: dee.userId })).resolves.toEqual({
      active: true,
    });
    await expect(
      tb.bus.request(IdentitySubjects.refreshSession, { refreshToken: dee.session.refreshToken }),
    ).resolves.toMatchObject({ user: { id: dee.userId } });

    const inTime = new Date(tb.clock.nowMs() + 1).toISOString();
    const receipt = await tb.bus.request(
      IdentitySubjects.deleteAccount,
      { startBy: inTime },
      { userId: dee.userId },
    );
    expect(receipt.pending).toEqual([]);
    expect(tb.stubs.deletions).toEqual(
      USER_DATA_SERVICES.map((service) => ({ service, userId: dee.userId })),
    );
  });

  it('resumes a deletion already begun whatever its deadline, finishing what an interrupted run left', async () => {
    const dee = await account();
    const store = tb.get<IdentityStore>(IDENTITY_STORE);
    // A run cut off after marking the account: no service was asked yet.
    await store.users.update(dee.userId, { deletedAt: tb.clock.now() });
    const late = new Date(tb.clock.nowMs() - 60_000).toISOString();
    const receipt = await tb.bus.request(
      IdentitySubjects.deleteAccount,
      { startBy: late },
      { userId: dee.userId },
    );
    expect(receipt.pending).toEqual([]);
    expect(tb.stubs.deletions).toEqual(
      USER_DATA_SERVICES.map((service) => ({ service, userId: dee.userId })),
    );
    expect(await store.outbox.listForUser(dee.userId)).toEqual([]);
  });

  it('drops sign-up steps that have not run yet, so nothing is recreated after deletion', async () => {
    tb.stubs.failing.add('billing');
    const dee = await account();
    tb.stubs.failing.delete('billing');
    const receipt = await tb.bus.request(IdentitySubjects.deleteAccount, {}, { userId: dee.userId });
    expect(receipt.services.find((view) => view.service === 'identity')?.removed['outboxSteps']).toBe(1);
    tb.clock.advance(60_000);
    await tb.get(AccountSetupService).runDue();
    expect(tb.stubs.subscriptions.has(dee.userId)).toBe(false);
  });
});
