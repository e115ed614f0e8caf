import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { CommonErrorCode, IdentityErrorCode } from '@membolt/contracts';
import { rejection } from '@membolt/contracts/testing';
import { TestClock } from '@membolt/platform';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AesGcmSecretCipher } from '../adapters/crypto/aes-gcm.secret-cipher.js';
import { CryptoApiKeyGenerator } from '../adapters/crypto/crypto-api-key.generator.js';
import { openKeysEmbeddedStore } from '../adapters/embedded/keys-store.embedded.js';
import type { KeyOwners } from '../ports/key-owners.js';
import type { KeysStore } from '../ports/keys-store.js';
import { ProviderKeysService } from './provider-keys.service.js';

const SECRET = 'provider-keys-test-secret-0123456789abcdef';
const NEXT_SECRET = 'provider-keys-next-secret-0123456789abcdef';
const ANTHROPIC_KEY = 'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx-9f3K';
const OPENAI_KEY = 'sk-proj-1234567890abcdefghijklmnopqrstuv-Q7zP';

describe('ProviderKeysService', () => {
  let dataDir: string;
  let store: KeysStore;
  let clock: TestClock;
  const activeUsers = new Set<string>();
  const owners: KeyOwners = { isActive: async (userId) => activeUsers.has(userId) };
  const serviceWith = (cipher: AesGcmSecretCipher) =>
    new ProviderKeysService(store, cipher, new CryptoApiKeyGenerator(), clock, owners);
  let service: ProviderKeysService;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-provider-keys-'));
    store = openKeysEmbeddedStore(dataDir);
    clock = new TestClock(new Date('2026-05-01T09:00:00.000Z'));
    activeUsers.clear();
    ['user-a', 'user-b'].forEach((userId) => activeUsers.add(userId));
    service = serviceWith(new AesGcmSecretCipher(SECRET));
  });

  afterEach(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds a key trimmed, shows only its last 4 characters, and opens it for its owner', async () => {
    const key = await service.add('user-a', { provider: 'anthropic', apiKey: `  ${ANTHROPIC_KEY}\n` });
    expect(key).toMatchObject({
      userId: 'user-a',
      provider: 'anthropic',
      last4: '9f3K',
      baseUrl: null,
      createdAt: clock.now(),
    });
    expect(key.sealedSecret).not.toContain(ANTHROPIC_KEY);
    expect(await service.list('user-a')).toEqual([key]);
    expect(await service.open('user-a')).toEqual([
      { id: key.id, provider: 'anthropic', apiKey: ANTHROPIC_KEY, baseUrl: null },
    ]);
  });

  it('never writes the secret in clear to the database file', async () => {
    await service.add('user-a', { provider: 'openai', apiKey: OPENAI_KEY });
    await store.close();
    const files = readdirSync(dataDir).filter((file) => file.startsWith('keys.sqlite'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = readFileSync(join(dataDir, file));
      expect(bytes.includes(Buffer.from(OPENAI_KEY.slice(0, 20)))).toBe(false);
    }
    store = openKeysEmbeddedStore(dataDir);
    service = serviceWith(new AesGcmSecretCipher(SECRET));
    expect((await service.open('user-a')).map((key) => key.apiKey)).toEqual([OPENAI_KEY]);
  });

  it('replaces the key of the same provider, keeps other providers, in provider order', async () => {
    const gemini = await service.add('user-a', { provider: 'gemini', apiKey: 'AIzaSy-first-gemini-key' });
    const first = await service.add('user-a', { provider: 'openai', apiKey: OPENAI_KEY });
    clock.advance(60_000);
    const second = await service.add('user-a', { provider: 'openai', apiKey: 'sk-second-openai-key-WXYZ' });
    expect((await service.list('user-a')).map((key) => [key.provider, key.last4])).toEqual([
      ['openai', 'WXYZ'],
      ['gemini', gemini.last4],
    ]);
    expect(second.id).not.toBe(first.id);
    expect((await service.open('user-a')).find((key) => key.provider === 'openai')?.apiKey).toBe(
      'sk-second-openai-key-WXYZ',
    );
  });

  it('takes a base URL for OpenAI-compatible servers (required) and OpenAI (optional), not for others', async () => {
    const compatible = await service.add('user-a', {
      provider: 'openai-compatible',
      apiKey: 'ollama',
      baseUrl: ' http://127.0.0.1:11434/v1/ ',
    });
    expect(compatible.baseUrl).toBe('http://127.0.0.1:11434/v1');
    const proxied = await service.add('user-a', {
      provider: 'openai',
      apiKey: OPENAI_KEY,
      baseUrl: 'https://proxy.example.com/v1',
    });
    expect(proxied.baseUrl).toBe('https://proxy.example.com/v1');

    const missing = await rejection(
      service.add('user-a', { provider: 'openai-compatible', apiKey: 'ollama' }),
    );
    expect([missing.code, missing.message]).toEqual([
      CommonErrorCode.ValidationError,
      'An OpenAI-compatible server needs its base URL (for example http://localhost:11434/v1).',
    ]);
    for (const provider of ['anthropic', 'gemini'] as const) {
      const refused = await rejection(
        service.add('user-a', { provider, apiKey: 'some-key-1234', baseUrl: 'https://example.com' }),
      );
      expect([refused.code, refused.message]).toEqual([
        CommonErrorCode.ValidationError,
        'Only OpenAI and OpenAI-compatible keys take a base URL.',
      ]);
    }
    expect(await service.list('user-a')).toHaveLength(2);
  });

  it('refuses a blank key or one with spaces inside, and stores nothing', async () => {
    const blank = await rejection(service.add('user-a', { provider: 'openai', apiKey: '  \n ' }));
    expect([blank.code, blank.message]).toEqual([CommonErrorCode.ValidationError, 'Enter the API key.']);
    const spaced = await rejection(service.add('user-a', { provider: 'openai', apiKey: 'sk-abc def' }));
    expect([spaced.code, spaced.message]).toEqual([
      CommonErrorCode.ValidationError,
      'An API key has no spaces or line breaks.',
    ]);
    expect(await service.list('user-a')).toEqual([]);
  });

  it('refuses a key for an account that is not active', async () => {
    const error = await rejection(service.add('ghost', { provider: 'openai', apiKey: OPENAI_KEY }));
    expect(error.code).toBe(IdentityErrorCode.UserNotFound);
    expect(await service.list('ghost')).toEqual([]);
  });

  it("keeps users apart: another user's key is not found, not listed, not opened, not removed", async () => {
    const bobs = await service.add('user-b', { provider: 'openai', apiKey: OPENAI_KEY });
    expect(await service.list('user-a')).toEqual([]);
    expect(await service.open('user-a')).toEqual([]);
    const error = await rejection(service.remove('user-a', bobs.id));
    expect([error.code, error.message]).toEqual([CommonErrorCode.NotFound, 'Language model key not found.']);
    expect(await service.list('user-b')).toEqual([bobs]);
  });

  it('removes a key once; a second removal is not found', async () => {
    const key = await service.add('user-a', { provider: 'gemini', apiKey: 'AIzaSy-gemini-key-1234' });
    expect(await service.remove('user-a', key.id)).toEqual(key);
    expect((await rejection(service.remove('user-a', key.id))).code).toBe(CommonErrorCode.NotFound);
    expect(await service.list('user-a')).toEqual([]);
  });

  it('after a rotation, opens keys sealed under the previous secret and seals them again under the new one', async () => {
    const key = await service.add('user-a', { provider: 'anthropic', apiKey: ANTHROPIC_KEY });
    const rotatedCipher = new AesGcmSecretCipher(NEXT_SECRET, [SECRET]);
    service = serviceWith(rotatedCipher);
    expect((await service.open('user-a')).map((opened) => opened.apiKey)).toEqual([ANTHROPIC_KEY]);
    const [stored] = await service.list('user-a');
    expect(stored?.sealedSecret).not.toBe(key.sealedSecret);
    expect(rotatedCipher.isSealedWithCurrentKey(stored?.sealedSecret ?? '')).toBe(true);
    // The previous secret can now be dropped from the configuration.
    service = serviceWith(new AesGcmSecretCipher(NEXT_SECRET));
    expect((await service.open('user-a')).map((opened) => opened.apiKey)).toEqual([ANTHROPIC_KEY]);
  });

  it('leaves out a key no configured secret opens, and still opens the others', async () => {
    await service.add('user-a', { provider: 'anthropic', apiKey: ANTHROPIC_KEY });
    service = serviceWith(new AesGcmSecretCipher(NEXT_SECRET));
    await service.add('user-a', { provider: 'openai', apiKey: OPENAI_KEY });
    expect((await service.open('user-a')).map((key) => key.provider)).toEqual(['openai']);
    expect((await service.list('user-a')).map((key) => key.provider)).toEqual(['anthropic', 'openai']);
  });

  it("does not open a sealed value moved onto another user's row", async () => {
    const alices = await service.add('user-a', { provider: 'openai', apiKey: OPENAI_KEY });
    const bobs = await service.add('user-b', { provider: 'openai', apiKey: 'sk-bobs-own-key-0000' });
    await store.providerKeys.updateSealedSecret('user-b', bobs.id, alices.sealedSecret);
    expect(await service.open('user-b')).toEqual([]);
  });

  it('deletes every key of a user on account deletion, idempotently', async () => {
    await service.add('user-a', { provider: 'openai', apiKey: OPENAI_KEY });
    await service.add('user-a', { provider: 'anthropic', apiKey: ANTHROPIC_KEY });
    await service.add('user-b', { provider: 'openai', apiKey: OPENAI_KEY });
    expect(await service.deleteAllOfUser('user-a')).toBe(2);
    expect(await service.deleteAllOfUser('user-a')).toBe(0);
    expect(await service.list('user-b')).toHaveLength(1);
  });
});
