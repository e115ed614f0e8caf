import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { type ApiKeyRepository, DuplicateApiKeyError } from '../ports/api-key.repository.js';
import type { KeysStore } from '../ports/keys-store.js';
import { later, makeApiKey } from './api-key.factory.js';

/** The behaviour every ApiKeyRepository adapter must have. Run by each adapter's spec. */
export function describeApiKeyRepositoryContract(
  adapterName: string,
  makeStore: () => Promise<KeysStore>,
): void {
  describe(`ApiKeyRepository contract: ${adapterName}`, () => {
    let store: KeysStore;
    let repository: ApiKeyRepository;
    const t0 = new Date('2026-03-01T12:00:00.000Z');

    beforeEach(async () => {
      store = await makeStore();
      repository = store.apiKeys;
    });
    afterEach(async () => {
      await store.close();
    });

    it('stores a key and finds it by owner and id, and by hash', async () => {
      const key = makeApiKey({ description: 'CI', graphId: 'graph_1', createdAt: t0 });
      await repository.insert(key);
      expect(await repository.findByUser(key.userId, key.id)).toEqual(key);
      expect(await repository.findByHash(key.keyHash)).toEqual(key);
      expect(await repository.findByHash('0'.repeat(64))).toBeNull();
    });

    it('never finds a key through another user', async () => {
      const key = makeApiKey({ userId: 'user-b' });
      await repository.insert(key);
      expect(await repository.findByUser('user-a', key.id)).toBeNull();
      expect(await repository.listByUser('user-a', { activeOnly: false })).toEqual([]);
    });

    it('inserts within a cap of active keys per user; revoked keys and other users do not count', async () => {
      const revoked = makeApiKey({ userId: 'user-a' });
      await repository.insert(revoked);
      await repository.revoke('user-a', revoked.id, t0);
      await repository.insert(makeApiKey({ userId: 'user-b' }));
      const outcomes = await Promise.all(
        Array.from({ length: 5 }, () => repository.insertWithinLimit(makeApiKey({ userId: 'user-a' }), 3)),
      );
      expect(outcomes.filter(Boolean).length).toBeLessThanOrEqual(3);
      expect(await repository.listByUser('user-a', { activeOnly: true })).toHaveLength(
        outcomes.filter(Boolean).length,
      );
      while ((await repository.listByUser('user-a', { activeOnly: true })).length < 3) {
        await repository.insertWithinLimit(makeApiKey({ userId: 'user-a' }), 3);
      }
      expect(await repository.insertWithinLimit(makeApiKey({ userId: 'user-a' }), 3)).toBe(false);
      expect(await repository.listByUser('user-a', { activeOnly: true })).toHaveLength(3);
      expect(await repository.insertWithinLimit(makeApiKey({ userId: 'user-b' }), 3)).toBe(true);
    });

    it('rejects a second key with the same hash or the same id', async () => {
      const key = makeApiKey();
      await repository.insert(key);
      await expect(repository.insert(makeApiKey({ keyHash: key.keyHash }))).rejects.toBeInstanceOf(
        DuplicateApiKeyError,
      );
      await expect(repository.insert(makeApiKey({ id: key.id }))).rejects.toBeInstanceOf(
        DuplicateApiKeyError,
      );
    });

    it('lists a user’s keys newest first, all of them or only the active ones', async () => {
      const oldest = makeApiKey({ name: 'oldest', createdAt: t0 });
      const revoked = makeApiKey({
        name: 'revoked',
        createdAt: later(t0, 1),
        active: false,
        revokedAt: later(t0, 2),
      });
      const newest = makeApiKey({ name: 'newest', createdAt: later(t0, 3) });
      for (const key of [revoked, newest, oldest]) await repository.insert(key);
      await repository.insert(makeApiKey({ userId: 'user-b', createdAt: later(t0, 4) }));

      expect((await repository.listByUser('user-a', { activeOnly: false })).map((k) => k.name)).toEqual([
        'newest',
        'revoked',
        'oldest',
      ]);
      expect((await repository.listByUser('user-a', { activeOnly: true })).map((k) => k.name)).toEqual([
        'newest',
        'oldest',
      ]);
    });

    it('revokes once: the first revocation time stays, and only the owner can revoke', async () => {
      const key = makeApiKey({ createdAt: t0 });
      await repository.insert(key);
      expect(await repository.revoke('user-b', key.id, later(t0, 5))).toBeNull();
      expect((await repository.findByUser(key.userId, key.id))?.active).toBe(true);

      const revoked = await repository.revoke(key.userId, key.id, later(t0, 10));
      expect(revoked).toMatchObject({ active: false, revokedAt: later(t0, 10) });
      expect(await repository.revoke(key.userId, key.id, later(t0, 20))).toMatchObject({
        active: false,
        revokedAt: later(t0, 10),
      });
      expect(await repository.revoke(key.userId, 'no-such-key', later(t0, 20))).toBeNull();
    });

    it('updates name and description of an active key and stamps updatedAt', async () => {
      const key = makeApiKey({ name: 'before', description: 'old', createdAt: t0 });
      await repository.insert(key);
      const renamed = await repository.update(key.userId, key.id, { name: 'after' }, later(t0, 1));
      expect(renamed).toMatchObject({ name: 'after', description: 'old', updatedAt: later(t0, 1) });
      const cleared = await repository.update(key.userId, key.id, { description: null }, later(t0, 2));
      expect(cleared).toMatchObject({ name: 'after', description: null, updatedAt: later(t0, 2) });
      expect(await repository.findByUser(key.userId, key.id)).toEqual(cleared);
    });

    it('does not update another user’s key or a revoked key', async () => {
      const key = makeApiKey({ name: 'mine' });
      const revoked = makeApiKey({ active: false, revokedAt: t0 });
      await repository.insert(key);
      await repository.insert(revoked);
      expect(await repository.update('user-b', key.id, { name: 'stolen' }, t0)).toBeNull();
      expect(await repository.update(revoked.userId, revoked.id, { name: 'again' }, t0)).toBeNull();
      expect((await repository.findByUser(key.userId, key.id))?.name).toBe('mine');
    });

    it('records uses in one batch: lastUsedAt only moves forward, and nothing is created', async () => {
      const a = makeApiKey({ createdAt: t0 });
      const b = makeApiKey({ createdAt: t0, lastUsedAt: later(t0, 100) });
      await repository.insert(a);
      await repository.insert(b);
      await repository.recordUses([
        { userId: a.userId, keyId: a.id, usedAt: later(t0, 50) },
        { userId: b.userId, keyId: b.id, usedAt: later(t0, 60) },
        { userId: 'user-a', keyId: 'deleted-key', usedAt: later(t0, 60) },
        // A use reported under the wrong owner never touches the key.
        { userId: 'user-b', keyId: a.id, usedAt: later(t0, 500) },
      ]);
      expect((await repository.findByUser(a.userId, a.id))?.lastUsedAt).toEqual(later(t0, 50));
      expect((await repository.findByUser(b.userId, b.id))?.lastUsedAt).toEqual(later(t0, 100));
      expect(await repository.findByUser('user-a', 'deleted-key')).toBeNull();
      await repository.recordUses([]);
    });

    it('deletes every key of one user and nobody else’s', async () => {
      await repository.insert(makeApiKey());
      await repository.insert(makeApiKey({ active: false, revokedAt: t0 }));
      const other = makeApiKey({ userId: 'user-b' });
      await repository.insert(other);
      expect(await repository.deleteAllOfUser('user-a')).toBe(2);
      expect(await repository.deleteAllOfUser('user-a')).toBe(0);
      expect(await repository.listByUser('user-a', { activeOnly: false })).toEqual([]);
      expect(await repository.findByUser('user-b', other.id)).toEqual(other);
    });
  });
}
