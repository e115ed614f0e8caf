import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BusModule, type BusTransportOptions, createBusServer } from '@membolt/bus';
import { type NatsTestbed, rejection, startNatsTestbed } from '@membolt/bus/testing';
import {
  CommonErrorCode,
  healthSubject,
  IdentityErrorCode,
  IdentitySubjects,
  KeysSubjects,
  SubscriptionSubjects,
  USER_DATA_SERVICES,
  type UserDataService,
} from '@membolt/contracts';
import { join } from 'node:path';
import { IdentityModule } from './identity.module.js';
import { eventually, TEST_ACCESS_TOKEN_SECRET, TEST_PASSWORD_HASHING } from './testing/identity-testbed.js';
import { startStubService, StubServicesState } from './testing/stub-services.js';

const PASSWORD = 'correct horse battery';

describe('identity over NATS with keys, billing, memory and ingestion on the same server', () => {
  let testbed: NatsTestbed;
  let transport: BusTransportOptions;
  let dataDir: string;
  let identity: INestMicroservice;
  const stubs = new StubServicesState();
  const stubApps = new Map<UserDataService, INestMicroservice>();
  let client: NatsTestbed['client'];
  let seq = 0;

  const signUp = (name = 'Person') =>
    client.bus.request(IdentitySubjects.signUp, {
      email: `nats${++seq}-${process.pid}@example.com`,
      password: PASSWORD,
      name,
    });

  const expectSignsIn = (user: { id: string; email: string }) =>
    expect(
      client.bus.request(IdentitySubjects.signIn, { email: user.email, password: PASSWORD, remember: true }),
    ).resolves.toMatchObject({ user: { id: user.id } });

  beforeAll(async () => {
    testbed = await startNatsTestbed('identity-int', 15_000);
    ({ transport, dataDir, client } = testbed);
    for (const service of USER_DATA_SERVICES)
      stubApps.set(service, await startStubService(transport, service, stubs));

    @Module({
      imports: [
        BusModule.forRoot({ transport, timeoutMs: 5000 }),
        IdentityModule.forRoot({
          store: { kind: 'embedded', dataDir },
          accessTokenSecret: TEST_ACCESS_TOKEN_SECRET,
          mail: {
            transport: 'outbox',
            directory: join(dataDir, 'mail-outbox'),
            from: 'Membolt <no-reply@membolt.test>',
          },
          passwordHashing: TEST_PASSWORD_HASHING,
          outboxWorker: { pollIntervalMs: 50, retryBaseMs: 50, retryMaxMs: 400 },
        }),
      ],
    })
    class IdentityProcessModule {}
    identity = await NestFactory.createMicroservice(IdentityProcessModule, {
      strategy: createBusServer(transport, 'identity', { shutdownGraceMs: 100 }),
      logger: false,
    });
    await identity.listen();
  });

  afterAll(async () => {
    await identity?.close();
    await Promise.all([...stubApps.values()].map((app) => app.close()));
    await testbed?.close();
  });

  it('answers its health probe', async () => {
    await expect(client.bus.request(healthSubject('identity'), {})).resolves.toMatchObject({
      name: 'identity',
      status: 'ok',
    });
  });

  it('runs the sign-up steps over the bus, acting as the new user', async () => {
    const { user } = await signUp();
    expect(user.setupComplete).toBe(true);
    expect(stubs.callsTo(SubscriptionSubjects.init.name)).toContain(user.id);
    // No key whose secret nobody is shown (decision 088).
    expect(stubs.callsTo(KeysSubjects.create.name)).not.toContain(user.id);
    expect(stubs.keysOf(user.id)).toEqual([]);
  });

  it('signs up while billing is down; the worker completes the setup once billing is back', async () => {
    await stubApps.get('billing')?.close();
    stubApps.delete('billing');
    const { user } = await signUp();
    expect(user.setupComplete).toBe(false);
    expect(
      (await client.bus.request(IdentitySubjects.currentUser, {}, { userId: user.id })).setupComplete,
    ).toBe(false);

    stubApps.set('billing', await startStubService(transport, 'billing', stubs));
    await eventually(
      async () =>
        (await client.bus.request(IdentitySubjects.currentUser, {}, { userId: user.id })).setupComplete,
    );
    expect(stubs.subscriptions.has(user.id)).toBe(true);
    expect(stubs.keysOf(user.id)).toEqual([]);
  });

  describe('tenant isolation: a request acting as A never reads or changes B', () => {
    it('currentUser and ensureMemoryGraph answer for the acting user only', async () => {
      const a = await signUp('A');
      const b = await signUp('B');
      expect((await client.bus.request(IdentitySubjects.currentUser, {}, { userId: a.user.id })).id).toBe(
        a.user.id,
      );
      expect(await client.bus.request(IdentitySubjects.ensureMemoryGraph, {}, { userId: a.user.id })).toEqual(
        a.user.memoryGraph,
      );
      expect(await client.bus.request(IdentitySubjects.ensureMemoryGraph, {}, { userId: b.user.id })).toEqual(
        b.user.memoryGraph,
      );
    });

    it('profile, preferences and notifications changed as A leave B unchanged', async () => {
      const a = await signUp('A');
      const b = await signUp('B');
      const before = await client.bus.request(IdentitySubjects.currentUser, {}, { userId: b.user.id });
      const asA = { userId: a.user.id };
      expect(
        (await client.bus.request(IdentitySubjects.updateProfile, { name: 'Changed', bio: 'x' }, asA)).id,
      ).toBe(a.user.id);
      await client.bus.request(
        IdentitySubjects.updatePreferences,
        { theme: 'dark', defaultModel: 'gpt-4' },
        asA,
      );
      await client.bus.request(IdentitySubjects.updateNotifications, { emailNotifications: false }, asA);
      expect(await client.bus.request(IdentitySubjects.currentUser, {}, { userId: b.user.id })).toEqual(
        before,
      );
      expect(await client.bus.request(IdentitySubjects.currentUser, {}, asA)).toMatchObject({
        name: 'Changed',
        settings: { theme: 'dark', defaultModel: 'gpt-4' },
        notifications: { emailNotifications: false },
      });
    });

    it("changePassword as A checks and changes A's password only", async () => {
      const a = await signUp('A');
      const b = await signUp('B');
      const asA = { userId: a.user.id };
      await client.bus.request(
        IdentitySubjects.changePassword,
        { currentPassword: PASSWORD, newPassword: 'only for A now' },
        asA,
      );
      await expectSignsIn(b.user);
      await expect(
        client.bus.request(IdentitySubjects.refreshSession, { refreshToken: b.refreshToken }),
      ).resolves.toMatchObject({
        user: { id: b.user.id },
      });
      expect(
        (
          await rejection(
            client.bus.request(IdentitySubjects.refreshSession, { refreshToken: a.refreshToken }),
          )
        ).code,
      ).toBe(IdentityErrorCode.InvalidSession);
    });

    it("deleteAccount as A deletes A's data everywhere and leaves B signable-in with its data", async () => {
      const a = await signUp('A');
      const b = await signUp('B');
      await client.bus.request(KeysSubjects.create, { name: 'Script' }, { userId: b.user.id });
      const receipt = await client.bus.request(IdentitySubjects.deleteAccount, {}, { userId: a.user.id });
      expect(receipt).toMatchObject({ userId: a.user.id, pending: [] });
      expect(stubs.deletions.filter((d) => d.userId === b.user.id)).toEqual([]);
      expect(stubs.deletions.filter((d) => d.userId === a.user.id).map((d) => d.service)).toEqual([
        ...USER_DATA_SERVICES,
      ]);
      expect(stubs.keysOf(b.user.id)).toHaveLength(1);
      expect(stubs.subscriptions.has(b.user.id)).toBe(true);
      await expectSignsIn(b.user);
      expect(
        (await rejection(client.bus.request(IdentitySubjects.currentUser, {}, { userId: a.user.id }))).code,
      ).toBe(IdentityErrorCode.UserNotFound);
    });

    it('every user-scoped subject refuses a request without an acting user', async () => {
      const calls: Array<Promise<unknown>> = [
        client.bus.request(IdentitySubjects.currentUser, {}),
        client.bus.request(IdentitySubjects.updateProfile, { name: 'X' }),
        client.bus.request(IdentitySubjects.updatePreferences, { theme: 'dark' }),
        client.bus.request(IdentitySubjects.updateNotifications, { newFeatures: false }),
        client.bus.request(IdentitySubjects.changePassword, {
          currentPassword: PASSWORD,
          newPassword: 'whatever123',
        }),
        client.bus.request(IdentitySubjects.deleteAccount, {}),
        client.bus.request(IdentitySubjects.ensureMemoryGraph, {}),
      ];
      for (const call of calls) expect((await rejection(call)).code).toBe(CommonErrorCode.Unauthorized);
    });
  });
});
