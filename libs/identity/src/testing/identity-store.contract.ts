import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { SETUP_STEP_KINDS } from '../domain/outbox-step.js';
import { hashSecretToken, newSecretToken } from '../domain/secret-tokens.js';
import type { IdentityStore } from '../ports/identity-store.js';
import { aRefreshToken, aSession, aUser, anOidcRequest } from './factories.js';

export type MakeIdentityStore = () => Promise<IdentityStore>;

const T0 = new Date('2030-01-15T09:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;

function withStore(makeStore: MakeIdentityStore): () => IdentityStore {
  let store: IdentityStore;
  beforeEach(async () => {
    store = await makeStore();
  });
  afterEach(async () => {
    await store.close();
  });
  return () => store;
}

/** Users, and the sign-up outbox steps stored with them. */
export function describeUserRepositoryContract(adapterName: string, makeStore: MakeIdentityStore): void {
  describe(`UserRepository contract: ${adapterName}`, () => {
    const store = withStore(makeStore);

    it('stores an account and finds it by id, e-mail (any case) and Google subject', async () => {
      const user = aUser({ googleSubject: 'google-sub-1', authMethods: ['password', 'google'] });
      expect(await store().users.create(user, SETUP_STEP_KINDS)).toBe('created');
      expect(await store().users.findById(user.id)).toEqual(user);
      expect(await store().users.findByEmail(user.email.toUpperCase())).toEqual(user);
      expect(await store().users.findByGoogleSubject('google-sub-1')).toEqual(user);
      expect(await store().users.findById('nobody')).toBeNull();
      expect(await store().users.findByEmail('nobody@example.com')).toBeNull();
      expect(await store().users.findByGoogleSubject('nobody')).toBeNull();
    });

    it('stores the setup steps with the account, due at once', async () => {
      const user = aUser();
      await store().users.create(user, SETUP_STEP_KINDS);
      const steps = await store().outbox.listForUser(user.id);
      expect(steps.map((step) => step.kind).sort()).toEqual([...SETUP_STEP_KINDS].sort());
      expect(
        steps.every(
          (step) => step.attempts === 0 && step.nextAttemptAt.getTime() === user.createdAt.getTime(),
        ),
      ).toBe(true);
    });

    it('refuses a second account with the same e-mail and leaves no steps for it', async () => {
      const first = aUser();
      await store().users.create(first, SETUP_STEP_KINDS);
      const second = aUser({ email: first.email });
      expect(await store().users.create(second, SETUP_STEP_KINDS)).toBe('email-taken');
      expect(await store().users.findById(second.id)).toBeNull();
      expect(await store().outbox.listForUser(second.id)).toEqual([]);
      expect(await store().users.findByEmail(first.email)).toEqual(first);
    });

    it('refuses a second account with the same Google subject; accounts without one do not clash', async () => {
      await store().users.create(aUser({ googleSubject: 'sub-x' }), []);
      expect(await store().users.create(aUser({ googleSubject: 'sub-x' }), [])).toBe('google-subject-taken');
      expect(await store().users.create(aUser({ googleSubject: null }), [])).toBe('created');
      expect(await store().users.create(aUser({ googleSubject: null }), [])).toBe('created');
    });

    it('updates only the named account and returns it', async () => {
      const a = aUser();
      const b = aUser();
      await store().users.create(a, []);
      await store().users.create(b, []);
      const patch = {
        name: 'Renamed',
        bio: 'New bio',
        settings: { theme: 'dark' as const, defaultModel: 'gpt-4o' },
        notifications: {
          emailNotifications: false,
          newFeatures: false,
          marketingEmails: true,
          conversationSummaries: false,
        },
        lastActiveAt: at(MINUTE),
        setupComplete: true,
        googleSubject: 'linked-sub',
        authMethods: ['password' as const, 'google' as const],
      };
      const updated = await store().users.update(a.id, patch);
      expect(updated).toEqual({ ...a, ...patch });
      expect(await store().users.findById(a.id)).toEqual({ ...a, ...patch });
      expect(await store().users.findById(b.id)).toEqual(b);
      expect(await store().users.update('nobody', { name: 'x' })).toBeNull();
    });

    it('stores nullable fields: no password, no memory graph, a deletion mark', async () => {
      const user = aUser({
        passwordHash: null,
        authMethods: ['google'],
        googleSubject: 'g',
        memoryGraph: null,
        lastActiveAt: null,
      });
      await store().users.create(user, []);
      expect(await store().users.findById(user.id)).toEqual(user);
      const graph = { id: 'graph_1', status: 'active' as const, createdAt: at(1) };
      expect(await store().users.update(user.id, { memoryGraph: graph, deletedAt: at(2) })).toEqual({
        ...user,
        memoryGraph: graph,
        deletedAt: at(2),
      });
    });

    it('deletes only the named account', async () => {
      const a = aUser();
      const b = aUser();
      await store().users.create(a, []);
      await store().users.create(b, []);
      expect(await store().users.delete(a.id)).toBe(1);
      expect(await store().users.delete(a.id)).toBe(0);
      expect(await store().users.findById(a.id)).toBeNull();
      expect(await store().users.findById(b.id)).toEqual(b);
      // The e-mail is free again.
      expect(await store().users.create(aUser({ email: a.email }), [])).toBe('created');
    });
  });
}

export function describeSessionRepositoryContract(adapterName: string, makeStore: MakeIdentityStore): void {
  describe(`SessionRepository contract: ${adapterName}`, () => {
    const store = withStore(makeStore);

    it('finds a session by the hash of its refresh token', async () => {
      const { session, token } = aSession('user-a', T0);
      await store().sessions.create('user-a', session, token);
      expect(await store().sessions.findByTokenHash(token.tokenHash)).toEqual({ session, token });
      expect(await store().sessions.findByTokenHash(hashSecretToken(newSecretToken()))).toBeNull();
    });

    it('rotates a token once: the old one is marked used, the new one belongs to the same session', async () => {
      const { session, token } = aSession('user-a', T0);
      await store().sessions.create('user-a', session, token);
      const next = aRefreshToken(session, at(MINUTE), 2 * 86_400_000);
      expect(await store().sessions.rotate('user-a', session.id, token.tokenHash, next)).toBe(true);
      expect((await store().sessions.findByTokenHash(token.tokenHash))?.token.usedAt).toEqual(at(MINUTE));
      const found = await store().sessions.findByTokenHash(next.tokenHash);
      expect(found?.token).toEqual(next);
      expect(found?.session).toEqual({ ...session, lastUsedAt: at(MINUTE), expiresAt: next.expiresAt });
      // A second exchange of the same token is refused and writes nothing.
      const again = aRefreshToken(session, at(2 * MINUTE));
      expect(await store().sessions.rotate('user-a', session.id, token.tokenHash, again)).toBe(false);
      expect(await store().sessions.findByTokenHash(again.tokenHash)).toBeNull();
    });

    it('does not rotate a token for another user or session', async () => {
      const { session, token } = aSession('user-a', T0);
      await store().sessions.create('user-a', session, token);
      expect(
        await store().sessions.rotate('user-b', session.id, token.tokenHash, aRefreshToken(session, at(1))),
      ).toBe(false);
      expect(
        await store().sessions.rotate(
          'user-a',
          'other-session',
          token.tokenHash,
          aRefreshToken(session, at(1)),
        ),
      ).toBe(false);
      expect((await store().sessions.findByTokenHash(token.tokenHash))?.token.usedAt).toBeNull();
    });

    it('revokes a session with every token of it, only for its owner', async () => {
      const { session, token } = aSession('user-a', T0);
      await store().sessions.create('user-a', session, token);
      const next = aRefreshToken(session, at(1));
      await store().sessions.rotate('user-a', session.id, token.tokenHash, next);
      expect(await store().sessions.revoke('user-b', session.id)).toBe(0);
      expect(await store().sessions.findByTokenHash(next.tokenHash)).not.toBeNull();
      expect(await store().sessions.revoke('user-a', session.id)).toBe(1);
      expect(await store().sessions.findByTokenHash(next.tokenHash)).toBeNull();
      expect(await store().sessions.findByTokenHash(token.tokenHash)).toBeNull();
      expect(await store().sessions.revoke('user-a', session.id)).toBe(0);
    });

    it("revokes all of one user's sessions, optionally keeping one, and lists sessions per user", async () => {
      const a1 = aSession('user-a', T0);
      const a2 = aSession('user-a', at(1));
      const a3 = aSession('user-a', at(2));
      const b1 = aSession('user-b', T0);
      for (const s of [a1, a2, a3]) await store().sessions.create('user-a', s.session, s.token);
      await store().sessions.create('user-b', b1.session, b1.token);
      expect((await store().sessions.listForUser('user-a')).map((s) => s.id)).toEqual([
        a1.session.id,
        a2.session.id,
        a3.session.id,
      ]);
      expect(await store().sessions.revokeAllForUser('user-a', a2.session.id)).toBe(2);
      expect((await store().sessions.listForUser('user-a')).map((s) => s.id)).toEqual([a2.session.id]);
      expect(await store().sessions.findByTokenHash(a1.token.tokenHash)).toBeNull();
      expect(await store().sessions.findByTokenHash(a2.token.tokenHash)).not.toBeNull();
      expect(await store().sessions.revokeAllForUser('user-a')).toBe(1);
      expect(await store().sessions.listForUser('user-a')).toEqual([]);
      expect(await store().sessions.listForUser('user-b')).toEqual([b1.session]);
      expect(await store().sessions.findByTokenHash(b1.token.tokenHash)).not.toBeNull();
    });

    it('purges expired sessions and tokens', async () => {
      const short = aSession('user-a', T0, MINUTE);
      const long = aSession('user-a', T0, 60 * MINUTE);
      await store().sessions.create('user-a', short.session, short.token);
      await store().sessions.create('user-a', long.session, long.token);
      expect(await store().sessions.purgeExpired(at(2 * MINUTE))).toBe(1);
      expect(await store().sessions.findByTokenHash(short.token.tokenHash)).toBeNull();
      expect(await store().sessions.findByTokenHash(long.token.tokenHash)).not.toBeNull();
    });
  });
}

export function describePasswordResetTokenRepositoryContract(
  adapterName: string,
  makeStore: MakeIdentityStore,
): void {
  describe(`PasswordResetTokenRepository contract: ${adapterName}`, () => {
    const store = withStore(makeStore);
    const aToken = (createdAt: Date, lifetimeMs = 60 * MINUTE) => ({
      tokenHash: hashSecretToken(newSecretToken()),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + lifetimeMs),
    });

    it('consumes a token once and tells whose it is', async () => {
      const token = aToken(T0);
      await store().resetTokens.issue('user-a', token);
      expect(await store().resetTokens.consume(token.tokenHash, at(MINUTE))).toBe('user-a');
      expect(await store().resetTokens.consume(token.tokenHash, at(MINUTE))).toBeNull();
      expect(await store().resetTokens.consume(hashSecretToken('unknown'), at(MINUTE))).toBeNull();
    });

    it('refuses an expired token', async () => {
      const token = aToken(T0, MINUTE);
      await store().resetTokens.issue('user-a', token);
      expect(await store().resetTokens.consume(token.tokenHash, at(MINUTE))).toBeNull();
    });

    it("a new token invalidates the user's earlier unused ones, not other users'", async () => {
      const first = aToken(T0);
      const other = aToken(T0);
      await store().resetTokens.issue('user-a', first);
      await store().resetTokens.issue('user-b', other);
      const second = aToken(at(MINUTE));
      await store().resetTokens.issue('user-a', second);
      expect(await store().resetTokens.consume(first.tokenHash, at(2 * MINUTE))).toBeNull();
      expect(await store().resetTokens.consume(second.tokenHash, at(2 * MINUTE))).toBe('user-a');
      expect(await store().resetTokens.consume(other.tokenHash, at(2 * MINUTE))).toBe('user-b');
    });

    it("deletes one user's tokens and purges expired ones", async () => {
      const a = aToken(T0);
      const b = aToken(T0, MINUTE);
      await store().resetTokens.issue('user-a', a);
      await store().resetTokens.issue('user-b', b);
      expect(await store().resetTokens.deleteAllForUser('user-a')).toBe(1);
      expect(await store().resetTokens.consume(a.tokenHash, at(1))).toBeNull();
      expect(await store().resetTokens.purgeExpired(at(2 * MINUTE))).toBe(1);
    });
  });
}

export function describeOidcRequestRepositoryContract(
  adapterName: string,
  makeStore: MakeIdentityStore,
): void {
  describe(`OidcRequestRepository contract: ${adapterName}`, () => {
    const store = withStore(makeStore);

    it('hands a pending request out once', async () => {
      const request = anOidcRequest(T0);
      await store().oidcRequests.save(request);
      expect(await store().oidcRequests.consume(request.state, at(MINUTE))).toEqual(request);
      expect(await store().oidcRequests.consume(request.state, at(MINUTE))).toBeNull();
      expect(await store().oidcRequests.consume('unknown-state', at(MINUTE))).toBeNull();
    });

    it('refuses an expired request, and does not keep it', async () => {
      const request = anOidcRequest(T0, MINUTE);
      await store().oidcRequests.save(request);
      expect(await store().oidcRequests.consume(request.state, at(2 * MINUTE))).toBeNull();
      expect(await store().oidcRequests.consume(request.state, T0)).toBeNull();
    });

    it('purges expired requests', async () => {
      const expired = anOidcRequest(T0, MINUTE);
      const live = { ...anOidcRequest(T0, 60 * MINUTE), remember: false };
      await store().oidcRequests.save(expired);
      await store().oidcRequests.save(live);
      expect(await store().oidcRequests.purgeExpired(at(2 * MINUTE))).toBe(1);
      expect(await store().oidcRequests.consume(live.state, at(2 * MINUTE))).toEqual(live);
    });
  });
}

export function describeAttemptRepositoryContract(adapterName: string, makeStore: MakeIdentityStore): void {
  describe(`AttemptRepository contract: ${adapterName}`, () => {
    const store = withStore(makeStore);

    it('counts events per key inside a window', async () => {
      for (const minute of [0, 5, 10])
        await store().attempts.record('k', at(minute * MINUTE), at((minute + 15) * MINUTE));
      await store().attempts.record('other', at(0), at(15 * MINUTE));
      expect(await store().attempts.countSince('k', at(-1))).toBe(3);
      expect(await store().attempts.countSince('k', at(0))).toBe(2);
      expect(await store().attempts.countSince('k', at(10 * MINUTE))).toBe(0);
      expect(await store().attempts.countSince('nothing', at(-1))).toBe(0);
      expect(await store().attempts.summarySince('k', at(-1))).toEqual({ count: 3, latest: at(10 * MINUTE) });
      expect(await store().attempts.summarySince('k', at(MINUTE))).toEqual({
        count: 2,
        latest: at(10 * MINUTE),
      });
      expect(await store().attempts.summarySince('nothing', at(-1))).toEqual({ count: 0, latest: null });
    });

    it('ranks concurrent events in arrival order, only inside the window', async () => {
      await store().attempts.record('r', at(0), at(MINUTE));
      const ranks = await Promise.all(
        Array.from({ length: 5 }, () =>
          store().attempts.recordAndRank('r', at(2 * MINUTE), at(3 * MINUTE), at(MINUTE)),
        ),
      );
      expect([...ranks].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
      expect(await store().attempts.countSince('r', at(-1))).toBe(6);
    });

    it('clears one key and purges expired events', async () => {
      await store().attempts.record('a', at(0), at(MINUTE));
      await store().attempts.record('a', at(1), at(60 * MINUTE));
      await store().attempts.record('b', at(0), at(MINUTE));
      expect(await store().attempts.purgeExpired(at(2 * MINUTE))).toBe(2);
      expect(await store().attempts.countSince('a', at(-1))).toBe(1);
      expect(await store().attempts.clear('a')).toBe(1);
      expect(await store().attempts.countSince('a', at(-1))).toBe(0);
    });
  });
}

export function describeOutboxRepositoryContract(adapterName: string, makeStore: MakeIdentityStore): void {
  describe(`OutboxRepository contract: ${adapterName}`, () => {
    const store = withStore(makeStore);

    it('adds missing steps only and lists them per user', async () => {
      await store().outbox.add('user-a', ['init-subscription'], T0);
      await store().outbox.reschedule('user-a', 'init-subscription', at(MINUTE), 'billing down');
      await store().outbox.add('user-a', ['init-subscription', 'delete-user-data:keys'], at(1));
      await store().outbox.add('user-b', ['init-subscription'], T0);
      const steps = await store().outbox.listForUser('user-a');
      expect(steps).toEqual([
        {
          userId: 'user-a',
          kind: 'init-subscription',
          createdAt: T0,
          attempts: 1,
          nextAttemptAt: at(MINUTE),
          lastError: 'billing down',
        },
        {
          userId: 'user-a',
          kind: 'delete-user-data:keys',
          createdAt: at(1),
          attempts: 0,
          nextAttemptAt: at(1),
          lastError: null,
        },
      ]);
    });

    it('returns due steps, soonest first, up to a limit', async () => {
      await store().outbox.add('user-a', ['init-subscription'], at(2));
      await store().outbox.add('user-b', ['init-subscription'], at(1));
      await store().outbox.add('user-c', ['init-subscription'], at(10 * MINUTE));
      expect((await store().outbox.due(at(MINUTE), 10)).map((s) => s.userId)).toEqual(['user-b', 'user-a']);
      expect((await store().outbox.due(at(MINUTE), 1)).map((s) => s.userId)).toEqual(['user-b']);
    });

    it('lets one worker claim a due step until its lease runs out', async () => {
      await store().outbox.add('user-a', ['create-default-api-key'], T0);
      const claimed = await store().outbox.claim('user-a', 'create-default-api-key', at(1), at(MINUTE));
      expect(claimed).toMatchObject({
        userId: 'user-a',
        kind: 'create-default-api-key',
        nextAttemptAt: at(MINUTE),
      });
      expect(await store().outbox.claim('user-a', 'create-default-api-key', at(2), at(MINUTE))).toBeNull();
      expect(await store().outbox.due(at(2), 10)).toEqual([]);
      expect(
        await store().outbox.claim('user-a', 'create-default-api-key', at(MINUTE), at(2 * MINUTE)),
      ).not.toBeNull();
      expect(
        await store().outbox.claim('user-a', 'init-subscription', at(MINUTE), at(2 * MINUTE)),
      ).toBeNull();
    });

    it('completes and removes steps per user and kind', async () => {
      await store().outbox.add(
        'user-a',
        ['create-default-api-key', 'init-subscription', 'delete-user-data:memory'],
        T0,
      );
      await store().outbox.add('user-b', ['create-default-api-key'], T0);
      await store().outbox.complete('user-a', 'create-default-api-key');
      expect(await store().outbox.remove('user-a', ['init-subscription', 'create-default-api-key'])).toBe(1);
      expect((await store().outbox.listForUser('user-a')).map((s) => s.kind)).toEqual([
        'delete-user-data:memory',
      ]);
      expect((await store().outbox.listForUser('user-b')).map((s) => s.kind)).toEqual([
        'create-default-api-key',
      ]);
    });

    it('counts the steps still pending, due or not', async () => {
      expect(await store().outbox.count()).toBe(0);
      await store().outbox.add('user-a', ['create-default-api-key', 'init-subscription'], T0);
      await store().outbox.add('user-b', ['init-subscription'], T0);
      await store().outbox.reschedule('user-b', 'init-subscription', at(10 * MINUTE), 'billing down');
      expect(await store().outbox.count()).toBe(3);
      await store().outbox.complete('user-a', 'init-subscription');
      expect(await store().outbox.count()).toBe(2);
    });
  });
}

/** Access-token revocations: kept until the last token they cover has expired. */
export function describeAccessRevocationRepositoryContract(
  adapterName: string,
  makeStore: MakeIdentityStore,
): void {
  describe(`AccessRevocationRepository contract: ${adapterName}`, () => {
    const store = withStore(makeStore);

    it('lists the revocations in force, keeps the later expiry of a repeat, and purges expired ones', async () => {
      await store().revocations.add([
        { kind: 'session', id: 'session-1', expiresAt: at(15 * MINUTE) },
        { kind: 'user', id: 'user-1', expiresAt: at(5 * MINUTE) },
      ]);
      await store().revocations.add([
        { kind: 'session', id: 'session-1', expiresAt: at(10 * MINUTE) },
        { kind: 'user', id: 'user-1', expiresAt: at(20 * MINUTE) },
        { kind: 'session', id: 'user-1', expiresAt: at(MINUTE) },
      ]);
      await store().revocations.add([]);
      expect(await store().revocations.listActive(at(0))).toEqual([
        { kind: 'session', id: 'user-1', expiresAt: at(MINUTE) },
        { kind: 'session', id: 'session-1', expiresAt: at(15 * MINUTE) },
        { kind: 'user', id: 'user-1', expiresAt: at(20 * MINUTE) },
      ]);
      expect(await store().revocations.listActive(at(15 * MINUTE))).toEqual([
        { kind: 'user', id: 'user-1', expiresAt: at(20 * MINUTE) },
      ]);
      expect(await store().revocations.purgeExpired(at(15 * MINUTE))).toBe(2);
      expect(await store().revocations.listActive(at(0))).toHaveLength(1);
    });
  });
}

/** Every repository contract of the identity store. */
export function describeIdentityStoreContract(adapterName: string, makeStore: MakeIdentityStore): void {
  describeUserRepositoryContract(adapterName, makeStore);
  describeSessionRepositoryContract(adapterName, makeStore);
  describePasswordResetTokenRepositoryContract(adapterName, makeStore);
  describeOidcRequestRepositoryContract(adapterName, makeStore);
  describeAttemptRepositoryContract(adapterName, makeStore);
  describeOutboxRepositoryContract(adapterName, makeStore);
  describeAccessRevocationRepositoryContract(adapterName, makeStore);
  describePortalRepositoryContract(adapterName, makeStore);
}

/** The end users' portal: the account's settings and the audit log, always by account. */
export function describePortalRepositoryContract(adapterName: string, makeStore: MakeIdentityStore): void {
  describe(`PortalRepository contract: ${adapterName}`, () => {
    const store = withStore(makeStore);
    const entry = (id: string, endUserId: string, minutes: number) => ({
      id,
      endUserId,
      action: 'viewed' as const,
      memoryId: null,
      memoryCount: 3,
      at: at(minutes * MINUTE),
    });

    it('saves settings per account and replaces them whole', async () => {
      expect(await store().portal.findSettings('u1')).toBeNull();
      const first = {
        displayName: 'Acme',
        logoUrl: 'https://acme.example/logo.png',
        color: '#112233',
        frameOrigins: ['https://app.acme.example'],
        updatedAt: T0,
      };
      await store().portal.saveSettings('u1', first);
      expect(await store().portal.findSettings('u1')).toEqual(first);
      expect(await store().portal.findSettings('u2')).toBeNull();
      const second = {
        displayName: null,
        logoUrl: null,
        color: null,
        frameOrigins: [],
        updatedAt: at(MINUTE),
      };
      await store().portal.saveSettings('u1', second);
      expect(await store().portal.findSettings('u1')).toEqual(second);
    });

    it('lists audit entries newest first, by account and by end user, and stores a retried entry once', async () => {
      await store().portal.recordAction('u1', entry('a1', 'alice', 1));
      await store().portal.recordAction('u1', entry('a2', 'bob', 2));
      await store().portal.recordAction('u1', {
        ...entry('a3', 'alice', 3),
        action: 'forgot',
        memoryId: 'm1',
      });
      await store().portal.recordAction('u1', entry('a3', 'alice', 9));
      await store().portal.recordAction('u2', entry('b1', 'alice', 4));

      const all = await store().portal.listActions('u1', { limit: 10, offset: 0 });
      expect(all.totalCount).toBe(3);
      expect(all.entries.map((e) => e.id)).toEqual(['a3', 'a2', 'a1']);
      expect(all.entries[0]).toEqual({ ...entry('a3', 'alice', 3), action: 'forgot', memoryId: 'm1' });

      const alice = await store().portal.listActions('u1', { endUserId: 'alice', limit: 1, offset: 1 });
      expect(alice).toEqual({ entries: [entry('a1', 'alice', 1)], totalCount: 2 });
      expect(
        (await store().portal.listActions('u2', { limit: 10, offset: 0 })).entries.map((e) => e.id),
      ).toEqual(['b1']);
    });

    it("deletes only the named account's settings and entries", async () => {
      await store().portal.saveSettings('u1', {
        displayName: 'A',
        logoUrl: null,
        color: null,
        frameOrigins: [],
        updatedAt: T0,
      });
      await store().portal.recordAction('u1', entry('a1', 'alice', 1));
      await store().portal.recordAction('u2', entry('b1', 'alice', 1));
      expect(await store().portal.deleteAllForUser('u1')).toBe(2);
      expect(await store().portal.findSettings('u1')).toBeNull();
      expect((await store().portal.listActions('u1', { limit: 10, offset: 0 })).totalCount).toBe(0);
      expect((await store().portal.listActions('u2', { limit: 10, offset: 0 })).totalCount).toBe(1);
    });
  });
}
