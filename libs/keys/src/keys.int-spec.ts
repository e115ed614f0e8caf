import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BusTransportOptions } from '@membolt/bus';
import {
  type BusTestApp,
  createContractClient,
  type NatsTestbed,
  rejection,
  startBusServices,
  startNatsTestbed,
} from '@membolt/bus/testing';
import {
  API_KEY_PATTERN,
  ApiKeysRevokedEvent,
  CommonErrorCode,
  type CreateProviderKeyRequest,
  deleteUserDataSubject,
  IdentityErrorCode,
  KeysErrorCode,
  KeysSubjects,
} from '@membolt/contracts';
import { openKeysEmbeddedStore } from './adapters/embedded/keys-store.embedded.js';
import { KeysModule } from './keys.module.js';
import { identityStatusStub } from './testing/identity-status.stub.js';

async function pollUntil(check: () => boolean): Promise<void> {
  for (let waited = 0; waited < 5000 && !check(); waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const PROVIDER_KEYS_SECRET = 'keys-int-provider-keys-secret-0123456789';

/** The keys service served over a real nats-server, called through the bus like every edge does. */
describe('keys service over NATS', () => {
  let testbed: NatsTestbed;
  let dataDir: string;
  let transport: BusTransportOptions;
  let service: BusTestApp | undefined;
  let client: NatsTestbed['client'];
  const asUser = (userId: string) => ({ userId });

  const activeUsers = new Set(['alice', 'bob', 'carol', 'dave']);
  let identity: BusTestApp | undefined;
  const startService = () =>
    startBusServices(transport, 'keys', [
      KeysModule.forRoot({
        store: { kind: 'embedded', dataDir },
        providerKeyEncryption: { secret: PROVIDER_KEYS_SECRET },
      }),
    ]);

  beforeAll(async () => {
    testbed = await startNatsTestbed('keys-int');
    ({ dataDir, transport, client } = testbed);
    service = await startService();
    identity = await startBusServices(transport, 'identity', [identityStatusStub(activeUsers)]);
  });

  afterAll(async () => {
    await identity?.close();
    await service?.close();
    await testbed?.close();
  });

  it('creates a key, shows the secret once, lists it and validates it to its owner', async () => {
    const created = await client.bus.request(
      KeysSubjects.create,
      { name: '  Default API Key ', graphId: 'graph_x' },
      asUser('alice'),
    );
    expect(created.secret).toMatch(API_KEY_PATTERN);
    expect(created.apiKey).toMatchObject({
      name: 'Default API Key',
      description: null,
      userId: 'alice',
      graphId: 'graph_x',
      displayPrefix: created.secret.slice(0, 8),
      active: true,
      permissions: ['read', 'write'],
      lastUsedAt: null,
      revokedAt: null,
      updatedAt: null,
    });
    const { keys } = await client.bus.request(KeysSubjects.list, { activeOnly: true }, asUser('alice'));
    expect(keys).toEqual([created.apiKey]);
    expect(JSON.stringify(keys)).not.toContain(created.secret.slice(8));

    expect(await client.bus.request(KeysSubjects.validate, { key: created.secret })).toEqual({
      valid: true,
      userId: 'alice',
      keyId: created.apiKey.id,
      permissions: ['read', 'write'],
    });
    expect(await client.bus.request(KeysSubjects.validate, { key: 'not-a-key' })).toEqual({
      valid: false,
      reason: 'unknown',
    });
  });

  it('validates the payload on receipt', async () => {
    const blank = await rejection(client.bus.request(KeysSubjects.create, { name: '   ' }, asUser('alice')));
    expect(blank).toMatchObject({ code: CommonErrorCode.ValidationError, message: 'Name is required' });
    const extra = await rejection(
      client.bus.request(KeysSubjects.list, { activeOnly: true, userId: 'bob' } as never, asUser('alice')),
    );
    expect(extra).toMatchObject({
      code: CommonErrorCode.ValidationError,
      message: 'userId should not exist',
    });
  });

  describe('cross-tenant denial', () => {
    let bobKey: { id: string; secret: string };

    beforeAll(async () => {
      const created = await client.bus.request(
        KeysSubjects.create,
        { name: 'Bob key', description: 'prod' },
        asUser('bob'),
      );
      bobKey = { id: created.apiKey.id, secret: created.secret };
    });

    const bobStillIntact = async () => {
      const { keys } = await client.bus.request(KeysSubjects.list, { activeOnly: false }, asUser('bob'));
      const key = keys.find((k) => k.id === bobKey.id);
      expect(key).toMatchObject({
        name: 'Bob key',
        description: 'prod',
        active: true,
        revokedAt: null,
        updatedAt: null,
      });
      expect((await client.bus.request(KeysSubjects.validate, { key: bobKey.secret })).valid).toBe(true);
    };

    it('alice does not see bob’s keys in her list', async () => {
      for (const activeOnly of [true, false]) {
        const { keys } = await client.bus.request(KeysSubjects.list, { activeOnly }, asUser('alice'));
        expect(keys.map((k) => k.userId)).not.toContain('bob');
        expect(keys.map((k) => k.id)).not.toContain(bobKey.id);
      }
    });

    it('alice cannot revoke bob’s key: not found, and it stays active', async () => {
      const error = await rejection(
        client.bus.request(KeysSubjects.revoke, { keyId: bobKey.id }, asUser('alice')),
      );
      expect(error).toMatchObject({ code: KeysErrorCode.ApiKeyNotFound, message: 'API key not found.' });
      await bobStillIntact();
    });

    it('alice cannot update bob’s key: not found, and it is unchanged', async () => {
      const error = await rejection(
        client.bus.request(KeysSubjects.update, { keyId: bobKey.id, name: 'pwned' }, asUser('alice')),
      );
      expect(error).toMatchObject({ code: KeysErrorCode.ApiKeyNotFound, message: 'API key not found.' });
      await bobStillIntact();
    });

    it('alice’s user-data deletion removes her keys only', async () => {
      await client.bus.request(KeysSubjects.create, { name: 'second' }, asUser('alice'));
      const before = (await client.bus.request(KeysSubjects.list, { activeOnly: false }, asUser('alice')))
        .keys.length;
      expect(before).toBeGreaterThan(0);
      expect(await client.bus.request(deleteUserDataSubject('keys'), {}, asUser('alice'))).toEqual({
        service: 'keys',
        removed: { apiKeys: before, providerKeys: 0 },
      });
      expect(await client.bus.request(deleteUserDataSubject('keys'), {}, asUser('alice'))).toEqual({
        service: 'keys',
        removed: { apiKeys: 0, providerKeys: 0 },
      });
      expect(
        (await client.bus.request(KeysSubjects.list, { activeOnly: false }, asUser('alice'))).keys,
      ).toEqual([]);
      await bobStillIntact();
    });

    it('an unknown key id is not found either', async () => {
      const error = await rejection(
        client.bus.request(KeysSubjects.revoke, { keyId: 'no-such-key' }, asUser('bob')),
      );
      expect(error.code).toBe(KeysErrorCode.ApiKeyNotFound);
    });
  });

  it('creates no key for an account identity does not know, and none while identity cannot be asked', async () => {
    const ghost = await rejection(
      client.bus.request(KeysSubjects.create, { name: 'CLI key' }, asUser('nonexistent-user')),
    );
    expect(ghost).toMatchObject({
      code: IdentityErrorCode.UserNotFound,
      message: 'No active account has the id "nonexistent-user".',
    });
    await identity!.close();
    identity = undefined;
    const unavailable = await rejection(
      client.bus.request(KeysSubjects.create, { name: 'CLI key' }, asUser('alice')),
    );
    expect(unavailable.code).toBe(CommonErrorCode.ServiceUnavailable);
    identity = await startBusServices(transport, 'identity', [identityStatusStub(activeUsers)]);
    expect(
      (await client.bus.request(KeysSubjects.list, { activeOnly: false }, asUser('nonexistent-user'))).keys,
    ).toEqual([]);
  });

  it('broadcasts keys.api-keys.revoked.v1 to every subscriber on revocation and on deletion of user data', async () => {
    const heard: Array<{ userId: string; keyIds: string[] }> = [];
    const listeners = [
      await createContractClient(transport, 3000),
      await createContractClient(transport, 3000),
    ];
    try {
      for (const listener of listeners) {
        await listener.broadcasts.subscribe(KeysSubjects.revoked, ApiKeysRevokedEvent, (event) => {
          heard.push(event);
        });
      }
      const { apiKey } = await client.bus.request(KeysSubjects.create, { name: 'gone' }, asUser('dave'));
      await client.bus.request(KeysSubjects.revoke, { keyId: apiKey.id }, asUser('dave'));
      await client.bus.request(deleteUserDataSubject('keys'), {}, asUser('dave'));
      await pollUntil(() => heard.length >= 4);
      expect(heard).toEqual([
        { userId: 'dave', keyIds: [apiKey.id] },
        { userId: 'dave', keyIds: [apiKey.id] },
        { userId: 'dave', keyIds: [] },
        { userId: 'dave', keyIds: [] },
      ]);
    } finally {
      await Promise.all(listeners.map((listener) => listener.close()));
    }
  });

  it('refuses every user-scoped subject without an acting user', async () => {
    const calls = [
      client.bus.request(KeysSubjects.create, { name: 'x' }),
      client.bus.request(KeysSubjects.list, { activeOnly: false }),
      client.bus.request(KeysSubjects.revoke, { keyId: 'x' }),
      client.bus.request(KeysSubjects.update, { keyId: 'x', name: 'y' }),
      client.bus.request(deleteUserDataSubject('keys'), {}),
      client.bus.request(KeysSubjects.createProviderKey, { provider: 'openai', apiKey: 'sk-x' }),
      client.bus.request(KeysSubjects.listProviderKeys, {}),
      client.bus.request(KeysSubjects.deleteProviderKey, { providerKeyId: 'x' }),
      client.bus.request(KeysSubjects.resolveProviderKeys, {}),
    ];
    for (const call of calls) {
      expect(await rejection(call)).toMatchObject({
        code: CommonErrorCode.Unauthorized,
        message: 'This operation needs a signed-in user.',
      });
    }
  });

  it('revokes for good: validation then answers revoked, and a second revoke changes nothing', async () => {
    const { apiKey, secret } = await client.bus.request(
      KeysSubjects.create,
      { name: 'temp' },
      asUser('carol'),
    );
    const revoked = await client.bus.request(KeysSubjects.revoke, { keyId: apiKey.id }, asUser('carol'));
    expect(revoked).toMatchObject({ active: false, revokedAt: expect.any(String) });
    expect(await client.bus.request(KeysSubjects.revoke, { keyId: apiKey.id }, asUser('carol'))).toEqual(
      revoked,
    );
    expect(await client.bus.request(KeysSubjects.validate, { key: secret })).toEqual({
      valid: false,
      reason: 'revoked',
    });
    const edit = await rejection(
      client.bus.request(KeysSubjects.update, { keyId: apiKey.id, name: 'again' }, asUser('carol')),
    );
    expect(edit.code).toBe(CommonErrorCode.Conflict);
  });

  describe("users' language-model keys", () => {
    const ALICE_KEY = 'sk-ant-api03-alice-secret-key-0123-9f3K';

    it('adds a key (answered with its last 4 characters only), lists it, and resolves it for chat', async () => {
      const added = await client.bus.request(
        KeysSubjects.createProviderKey,
        { provider: 'anthropic', apiKey: ALICE_KEY },
        asUser('alice'),
      );
      expect(added).toEqual({
        id: expect.any(String),
        provider: 'anthropic',
        last4: '9f3K',
        baseUrl: null,
        createdAt: expect.any(String),
      });
      const listed = await client.bus.request(KeysSubjects.listProviderKeys, {}, asUser('alice'));
      expect(listed).toEqual({ providerKeys: [added] });
      expect(JSON.stringify(listed)).not.toContain(ALICE_KEY.slice(0, 20));
      expect(await client.bus.request(KeysSubjects.resolveProviderKeys, {}, asUser('alice'))).toEqual({
        keys: [{ id: added.id, provider: 'anthropic', apiKey: ALICE_KEY, baseUrl: null }],
      });
    });

    it("never lists, resolves or deletes another user's key", async () => {
      const bobs = await client.bus.request(
        KeysSubjects.createProviderKey,
        { provider: 'openai-compatible', apiKey: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1' },
        asUser('bob'),
      );
      const listed = await client.bus.request(KeysSubjects.listProviderKeys, {}, asUser('carol'));
      expect(listed.providerKeys).toEqual([]);
      expect((await client.bus.request(KeysSubjects.resolveProviderKeys, {}, asUser('carol'))).keys).toEqual(
        [],
      );
      const denied = await rejection(
        client.bus.request(KeysSubjects.deleteProviderKey, { providerKeyId: bobs.id }, asUser('carol')),
      );
      expect(denied).toMatchObject({
        code: CommonErrorCode.NotFound,
        message: 'Language model key not found.',
      });
      expect(
        (await client.bus.request(KeysSubjects.listProviderKeys, {}, asUser('bob'))).providerKeys,
      ).toEqual([bobs]);
      expect(
        await client.bus.request(KeysSubjects.deleteProviderKey, { providerKeyId: bobs.id }, asUser('bob')),
      ).toEqual(bobs);
    });

    it('refuses bad payloads with validation errors and stores nothing', async () => {
      const bad = [
        { provider: 'mistral', apiKey: 'k' },
        { provider: 'openai', apiKey: '' },
        { provider: 'openai', apiKey: 'x'.repeat(513) },
        { provider: 'openai', apiKey: 'sk-ok', baseUrl: 'ftp://example.com' },
        { provider: 'openai', apiKey: 'sk-ok', extra: true },
        { provider: 'openai-compatible', apiKey: 'ollama' },
        { provider: 'gemini', apiKey: 'AIza-key', baseUrl: 'https://example.com' },
      ];
      for (const payload of bad) {
        const error = await rejection(
          client.bus.request(
            KeysSubjects.createProviderKey,
            payload as unknown as CreateProviderKeyRequest,
            asUser('dave'),
          ),
        );
        expect(error.code).toBe(CommonErrorCode.ValidationError);
      }
      expect(
        (await client.bus.request(KeysSubjects.listProviderKeys, {}, asUser('dave'))).providerKeys,
      ).toEqual([]);
    });

    it('counts provider keys in the deletion receipt and removes them', async () => {
      await client.bus.request(
        KeysSubjects.createProviderKey,
        { provider: 'gemini', apiKey: 'AIzaSy-dave-gemini-key' },
        asUser('dave'),
      );
      const receipt = await client.bus.request(deleteUserDataSubject('keys'), {}, asUser('dave'));
      expect(receipt).toEqual({ service: 'keys', removed: { apiKeys: expect.any(Number), providerKeys: 1 } });
      expect(
        (await client.bus.request(KeysSubjects.listProviderKeys, {}, asUser('dave'))).providerKeys,
      ).toEqual([]);
    });
  });

  it('writes last_used when the service shuts down', async () => {
    const { apiKey, secret } = await client.bus.request(
      KeysSubjects.create,
      { name: 'used' },
      asUser('dave'),
    );
    await client.bus.request(KeysSubjects.validate, { key: secret });
    await service!.close();
    service = undefined;
    const store = openKeysEmbeddedStore(dataDir);
    try {
      expect((await store.apiKeys.findByUser('dave', apiKey.id))?.lastUsedAt).toBeInstanceOf(Date);
    } finally {
      await store.close();
    }
  });
});
