import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { KeysStore } from '../ports/keys-store.js';
import type { ProviderKeyRepository } from '../ports/provider-key.repository.js';
import { makeProviderKey } from './provider-key.factory.js';

/** The behaviour every ProviderKeyRepository adapter must have. Run by each adapter's store spec. */
export function describeProviderKeyRepositoryContract(
  adapterName: string,
  makeStore: () => Promise<KeysStore>,
): void {
  describe(`ProviderKeyRepository contract: ${adapterName}`, () => {
    let store: KeysStore;
    let repository: ProviderKeyRepository;

    beforeEach(async () => {
      store = await makeStore();
      repository = store.providerKeys;
    });
    afterEach(async () => {
      await store.close();
    });

    it('stores a key and finds it by owner and id, and by provider', async () => {
      const key = makeProviderKey({ provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1' });
      expect(await repository.replaceForProvider(key)).toBeNull();
      expect(await repository.findByUser('user-a', key.id)).toEqual(key);
      expect(await repository.findByProvider('user-a', 'openai-compatible')).toEqual(key);
      expect(await repository.findByProvider('user-a', 'anthropic')).toBeNull();
    });

    it('keeps one key per user and provider: a new one replaces the old one and returns it', async () => {
      const first = makeProviderKey({ provider: 'anthropic', last4: 'aaaa' });
      const second = makeProviderKey({ provider: 'anthropic', last4: 'bbbb' });
      const otherProvider = makeProviderKey({ provider: 'gemini' });
      await repository.replaceForProvider(first);
      await repository.replaceForProvider(otherProvider);
      expect(await repository.replaceForProvider(second)).toEqual(first);
      expect(await repository.findByUser('user-a', first.id)).toBeNull();
      expect(await repository.listByUser('user-a')).toEqual([second, otherProvider]);
    });

    it("lists a user's keys in the order of the providers, and never another user's", async () => {
      const gemini = makeProviderKey({ provider: 'gemini' });
      const compatible = makeProviderKey({ provider: 'openai-compatible', baseUrl: 'http://localhost:1/v1' });
      const anthropic = makeProviderKey({ provider: 'anthropic' });
      const openai = makeProviderKey({ provider: 'openai' });
      for (const key of [gemini, compatible, anthropic, openai]) await repository.replaceForProvider(key);
      await repository.replaceForProvider(makeProviderKey({ userId: 'user-b', provider: 'openai' }));
      expect(await repository.listByUser('user-a')).toEqual([anthropic, openai, gemini, compatible]);
      expect(await repository.listByUser('user-c')).toEqual([]);
    });

    it('never finds, changes or deletes a key through another user', async () => {
      const key = makeProviderKey({ userId: 'user-b' });
      await repository.replaceForProvider(key);
      expect(await repository.findByUser('user-a', key.id)).toBeNull();
      expect(await repository.findByProvider('user-a', key.provider)).toBeNull();
      expect(await repository.updateSealedSecret('user-a', key.id, 'v1.x.y')).toBe(false);
      expect(await repository.delete('user-a', key.id)).toBeNull();
      expect(await repository.findByUser('user-b', key.id)).toEqual(key);
    });

    it('replaces the sealed secret of a key (rotation), and only of an existing one', async () => {
      const key = makeProviderKey();
      await repository.replaceForProvider(key);
      expect(await repository.updateSealedSecret('user-a', key.id, 'v1.new.value')).toBe(true);
      expect(await repository.findByUser('user-a', key.id)).toEqual({ ...key, sealedSecret: 'v1.new.value' });
      expect(await repository.updateSealedSecret('user-a', 'missing', 'v1.new.value')).toBe(false);
    });

    it('deletes one key and returns it; deleting again finds nothing', async () => {
      const key = makeProviderKey();
      await repository.replaceForProvider(key);
      expect(await repository.delete('user-a', key.id)).toEqual(key);
      expect(await repository.delete('user-a', key.id)).toBeNull();
      expect(await repository.listByUser('user-a')).toEqual([]);
    });

    it('deletes every key of one user and counts them, leaving other users alone', async () => {
      await repository.replaceForProvider(makeProviderKey({ provider: 'openai' }));
      await repository.replaceForProvider(makeProviderKey({ provider: 'gemini' }));
      const other = makeProviderKey({ userId: 'user-b' });
      await repository.replaceForProvider(other);
      expect(await repository.deleteAllOfUser('user-a')).toBe(2);
      expect(await repository.deleteAllOfUser('user-a')).toBe(0);
      expect(await repository.listByUser('user-b')).toEqual([other]);
    });
  });
}
