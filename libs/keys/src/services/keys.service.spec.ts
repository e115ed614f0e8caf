import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  API_KEY_DISPLAY_PREFIX_LENGTH,
  API_KEY_PATTERN,
  CommonErrorCode,
  IdentityErrorCode,
  KeysErrorCode,
  MemboltError,
} from '@membolt/contracts';
import { rejection } from '@membolt/contracts/testing';
import { TestClock } from '@membolt/platform';
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CryptoApiKeyGenerator } from '../adapters/crypto/crypto-api-key.generator.js';
import { openKeysEmbeddedStore } from '../adapters/embedded/keys-store.embedded.js';
import { ApiKeyUsageRecorder } from '../api-key-usage.recorder.js';
import { KeysService } from './keys.service.js';
import { API_KEY_ALPHABET, generateApiKeySecret, hashApiKey } from '../domain/api-key-secret.js';
import type { ApiKeyGenerator } from '../ports/api-key-generator.js';
import type { ApiKeyRepository, ApiKeyUse } from '../ports/api-key.repository.js';
import type { KeyOwners, KeyRevocationNotifier } from '../ports/key-owners.js';
import type { KeysStore } from '../ports/keys-store.js';

async function rejectionOrValue<T>(promise: Promise<T>): Promise<T | MemboltError> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof MemboltError) return error;
    throw error;
  }
}

describe('API key secrets', () => {
  it('are mblt_ + 32 characters of [A-Za-z0-9], each drawn with an unbiased draw over all 62 characters', () => {
    const draw = jest.fn((max: number) => max - 1);
    expect(generateApiKeySecret(draw)).toBe(`mblt_${'9'.repeat(32)}`);
    expect(draw).toHaveBeenCalledTimes(32);
    expect(draw.mock.calls.every(([max]) => max === 62)).toBe(true);
    expect(API_KEY_ALPHABET).toHaveLength(62);
    expect(new Set(API_KEY_ALPHABET).size).toBe(62);
  });

  it('are unique, match API_KEY_PATTERN and use the whole alphabet', () => {
    const secrets = Array.from({ length: 5000 }, () => generateApiKeySecret());
    expect(new Set(secrets).size).toBe(secrets.length);
    expect(secrets.every((secret) => API_KEY_PATTERN.test(secret))).toBe(true);
    const used = new Set(secrets.flatMap((secret) => [...secret.slice(5)]));
    expect(used).toEqual(new Set(API_KEY_ALPHABET));
  });
});

describe('KeysService', () => {
  let dataDir: string;
  let store: KeysStore;
  let repository: ApiKeyRepository;
  let clock: TestClock;
  let usage: ApiKeyUsageRecorder;
  let service: KeysService;
  const writes: Array<readonly ApiKeyUse[]> = [];
  /** Accounts identity would call active; every test user unless a test removes one. */
  const activeUsers = new Set(['user-a', 'user-b']);
  const owners: KeyOwners = { isActive: async (userId) => activeUsers.has(userId) };
  const notified: Array<{ userId: string; keyIds: readonly string[] }> = [];
  const notifier: KeyRevocationNotifier = {
    revoked: async (userId, keyIds) => {
      notified.push({ userId, keyIds });
    },
  };

  const build = (generator: ApiKeyGenerator = new CryptoApiKeyGenerator(), maxActiveKeysPerUser = 50) => {
    const settings = { lastUsedFlushIntervalMs: 60_000, maxActiveKeysPerUser };
    const counted: KeysStore = {
      apiKeys: repository,
      providerKeys: store.providerKeys,
      close: () => store.close(),
    };
    usage = new ApiKeyUsageRecorder(counted, settings);
    service = new KeysService(counted, generator, clock, usage, owners, notifier, settings);
  };

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-keys-service-'));
    store = openKeysEmbeddedStore(dataDir);
    const embedded = store.apiKeys;
    writes.length = 0;
    notified.length = 0;
    activeUsers.clear();
    ['user-a', 'user-b'].forEach((userId) => activeUsers.add(userId));
    // Counts the batches the recorder writes; everything else goes straight to SQLite.
    repository = Object.assign(Object.create(embedded) as ApiKeyRepository, {
      recordUses: async (uses: readonly ApiKeyUse[]) => {
        writes.push(uses);
        await embedded.recordUses(uses);
      },
    });
    clock = new TestClock(new Date('2026-05-01T09:00:00.000Z'));
    build();
  });

  afterEach(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('create', () => {
    it('refuses a key for an unknown or deleted account (user-not-found) and stores nothing', async () => {
      const error = await rejection(service.create('nonexistent-user', { name: 'CLI key' }));
      expect(error.code).toBe(IdentityErrorCode.UserNotFound);
      expect(error.message).toContain('nonexistent-user');
      expect(await service.list('nonexistent-user', false)).toEqual([]);
      activeUsers.delete('user-a');
      expect((await rejection(service.create('user-a', { name: 'CI' }))).code).toBe(
        IdentityErrorCode.UserNotFound,
      );
    });

    it('returns the full key once, with its display prefix, read+write permissions and no use yet', async () => {
      const { key, secret } = await service.create('user-a', {
        name: 'CI',
        description: '  nightly  ',
        graphId: 'graph_1',
      });
      expect(secret).toMatch(API_KEY_PATTERN);
      expect(key).toMatchObject({
        userId: 'user-a',
        name: 'CI',
        description: 'nightly',
        graphId: 'graph_1',
        displayPrefix: secret.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH),
        active: true,
        permissions: ['read', 'write'],
        createdAt: clock.now(),
        lastUsedAt: null,
        revokedAt: null,
        updatedAt: null,
      });
      expect(key.displayPrefix).toHaveLength(8);
    });

    it('caps the active keys per user (50 by default) with a clear error; revoked keys do not count', async () => {
      const created = await Promise.all(
        Array.from({ length: 51 }, (_, i) => rejectionOrValue(service.create('user-a', { name: `k${i}` }))),
      );
      const refused = created.filter((outcome) => outcome instanceof MemboltError);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toMatchObject({
        code: KeysErrorCode.ApiKeyLimitReached,
        message:
          'You have reached the limit of 50 active API keys. Revoke a key you no longer use to create a new one.',
      });
      expect(await service.list('user-a', true)).toHaveLength(50);
      // Another user is not affected; a revoked key frees a place.
      await expect(service.create('user-b', { name: 'theirs' })).resolves.toBeDefined();
      const [oldest] = (await service.list('user-a', true)).slice(-1);
      await service.revoke('user-a', oldest!.id);
      await expect(service.create('user-a', { name: 'replacement' })).resolves.toBeDefined();
      expect((await rejection(service.create('user-a', { name: 'one too many' }))).code).toBe(
        KeysErrorCode.ApiKeyLimitReached,
      );
    });

    it('takes the cap from the settings', async () => {
      build(new CryptoApiKeyGenerator(), 2);
      await service.create('user-a', { name: 'one' });
      await service.create('user-a', { name: 'two' });
      expect((await rejection(service.create('user-a', { name: 'three' }))).message).toContain(
        'limit of 2 active API keys',
      );
    });

    it('stores only the SHA-256 hash: the secret is nowhere in the database row or on disk', async () => {
      const { key, secret } = await service.create('user-a', { name: 'CI' });
      const db = new Database(join(dataDir, 'keys.sqlite'), { readonly: true });
      const row = db.prepare('SELECT * FROM api_keys WHERE id = ?').get(key.id) as Record<string, unknown>;
      db.close();
      expect(row['key_hash']).toBe(hashApiKey(secret));
      expect(row['key_hash']).toMatch(/^[0-9a-f]{64}$/);
      expect(row['display_prefix']).toBe(secret.slice(0, 8));
      const randomPart = secret.slice(5);
      for (const value of Object.values(row)) expect(String(value)).not.toContain(randomPart.slice(3));
      for (const file of readdirSync(dataDir)) {
        expect(readFileSync(join(dataDir, file)).includes(randomPart.slice(3))).toBe(false);
      }
    });

    it('draws a new secret when one collides with a stored key, and gives up after three collisions', async () => {
      const first = await service.create('user-a', { name: 'first' });
      const fresh = new CryptoApiKeyGenerator();
      const secrets = [first.secret, first.secret, fresh.newSecret()];
      build({ newId: () => fresh.newId(), newSecret: () => secrets.shift() ?? first.secret });
      const second = await service.create('user-b', { name: 'second' });
      expect(second.secret).not.toBe(first.secret);
      expect((await service.validate(second.secret)).valid).toBe(true);

      build({ newId: () => fresh.newId(), newSecret: () => first.secret });
      await expect(service.create('user-b', { name: 'third' })).rejects.toThrow('already exists');
    });
  });

  describe('validate', () => {
    it('answers unknown for a malformed key without looking it up, and for an unknown well-formed key', async () => {
      const findByHash = jest.spyOn(repository, 'findByHash');
      for (const malformed of [
        '',
        'mblt_short',
        `mblt_${'a'.repeat(31)}!`,
        `MBLT_${'a'.repeat(32)}`,
        `mblt_${'a'.repeat(33)}`,
      ]) {
        expect(await service.validate(malformed)).toEqual({ valid: false, reason: 'unknown' });
      }
      expect(findByHash).not.toHaveBeenCalled();
      expect(await service.validate(generateApiKeySecret())).toEqual({ valid: false, reason: 'unknown' });
    });

    it('answers the owner for an active key and revoked once it is revoked', async () => {
      const { key, secret } = await service.create('user-a', { name: 'CI' });
      expect(await service.validate(secret)).toMatchObject({
        valid: true,
        key: { id: key.id, userId: 'user-a' },
      });
      await service.revoke('user-a', key.id);
      expect(await service.validate(secret)).toEqual({ valid: false, reason: 'revoked' });
    });
  });

  describe('last_used', () => {
    it('coalesces uses: N validations write at most once per key per flush, with the latest time', async () => {
      const a = await service.create('user-a', { name: 'a' });
      const b = await service.create('user-b', { name: 'b' });
      for (let i = 0; i < 50; i++) {
        clock.advance(1000);
        await service.validate(a.secret);
        if (i % 5 === 0) await service.validate(b.secret);
      }
      expect(writes).toHaveLength(0);
      // The owner already sees the pending use before it is written.
      expect((await service.list('user-a', true))[0]?.lastUsedAt).toEqual(clock.now());

      expect(await usage.flush()).toBe(2);
      expect(writes).toHaveLength(1);
      expect(writes[0]!.map((use) => use.keyId).sort()).toEqual([a.key.id, b.key.id].sort());
      expect((await repository.findByUser('user-a', a.key.id))?.lastUsedAt).toEqual(clock.now());

      expect(await usage.flush()).toBe(0);
      expect(writes).toHaveLength(1);
    });

    it('flushes what is pending at shutdown, and keeps uses for the next flush when a write fails', async () => {
      const a = await service.create('user-a', { name: 'a' });
      await service.validate(a.secret);
      const failing = jest.spyOn(repository, 'recordUses').mockRejectedValueOnce(new Error('disk full'));
      expect(await usage.flush()).toBe(0);
      failing.mockRestore();
      await usage.beforeApplicationShutdown();
      expect((await repository.findByUser('user-a', a.key.id))?.lastUsedAt).toEqual(clock.now());
    });
  });

  describe('revocation broadcast', () => {
    it('tells the gateways about a revoked key and about deleting every key of a user, but not about a foreign key', async () => {
      const { key } = await service.create('user-a', { name: 'CI' });
      await rejection(service.revoke('user-b', key.id));
      expect(notified).toEqual([]);
      await service.revoke('user-a', key.id);
      expect(notified).toEqual([{ userId: 'user-a', keyIds: [key.id] }]);
      await service.deleteAllOfUser('user-a');
      expect(notified.at(-1)).toEqual({ userId: 'user-a', keyIds: [] });
    });
  });

  describe('management by the owner', () => {
    it('lists newest first, all keys or only the active ones', async () => {
      const old = await service.create('user-a', { name: 'old' });
      clock.advance(1000);
      await service.create('user-a', { name: 'new' });
      await service.revoke('user-a', old.key.id);
      expect((await service.list('user-a', false)).map((k) => [k.name, k.active])).toEqual([
        ['new', true],
        ['old', false],
      ]);
      expect((await service.list('user-a', true)).map((k) => k.name)).toEqual(['new']);
    });

    it('revokes irreversibly and idempotently; another user’s key is not found and stays active', async () => {
      const { key, secret } = await service.create('user-b', { name: 'B' });
      const foreign = await rejection(service.revoke('user-a', key.id));
      expect(foreign).toMatchObject({ code: KeysErrorCode.ApiKeyNotFound, message: 'API key not found.' });
      expect((await service.validate(secret)).valid).toBe(true);

      const revoked = await service.revoke('user-b', key.id);
      clock.advance(5000);
      expect(await service.revoke('user-b', key.id)).toEqual(revoked);
      expect(revoked.revokedAt).toEqual(new Date('2026-05-01T09:00:00.000Z'));
    });

    it('updates name and description; blank descriptions clear it; empty edits and revoked keys are refused', async () => {
      const { key } = await service.create('user-a', { name: 'CI', description: 'nightly' });
      clock.advance(1000);
      expect(await service.update('user-a', key.id, { name: 'Deploy', description: '   ' })).toMatchObject({
        name: 'Deploy',
        description: null,
        updatedAt: clock.now(),
      });
      expect(await rejection(service.update('user-a', key.id, {}))).toMatchObject({
        code: CommonErrorCode.ValidationError,
      });
      expect(await rejection(service.update('user-b', key.id, { name: 'x' }))).toMatchObject({
        code: KeysErrorCode.ApiKeyNotFound,
      });
      await service.revoke('user-a', key.id);
      expect(await rejection(service.update('user-a', key.id, { name: 'x' }))).toMatchObject({
        code: CommonErrorCode.Conflict,
        message: 'This API key has been revoked and can no longer be changed.',
      });
    });

    it('deletes every key of the user, idempotently, and forgets their pending uses', async () => {
      const a = await service.create('user-a', { name: 'a' });
      await service.create('user-a', { name: 'a2' });
      const b = await service.create('user-b', { name: 'b' });
      await service.validate(a.secret);
      expect(await service.deleteAllOfUser('user-a')).toBe(2);
      expect(await service.deleteAllOfUser('user-a')).toBe(0);
      expect(usage.pendingUse(a.key.id)).toBeNull();
      expect(await service.validate(a.secret)).toEqual({ valid: false, reason: 'unknown' });
      expect((await service.validate(b.secret)).valid).toBe(true);
    });
  });
});
