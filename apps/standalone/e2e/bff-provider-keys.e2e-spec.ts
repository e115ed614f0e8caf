import { describe, expect, it } from '@jest/globals';
import { GraphqlBrowser } from '@membolt/bff/testing';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { signUpOverGraphql, useStandalone } from './support/standalone.js';

const PROVIDER_KEYS = `{ providerKeys { id provider last4 baseUrl createdAt } }`;
const ADD = `mutation ($input: AddProviderKeyInput!) { addProviderKey(input: $input) { id provider last4 baseUrl } }`;
const REMOVE = `mutation ($id: ID!) { removeProviderKey(id: $id) { id provider } }`;
const TEST = `mutation ($id: ID!) { testProviderKey(id: $id) { ok provider message model } }`;
const DELETE_ACCOUNT = `mutation ($password: String) { deleteAccount(currentPassword: $password) { services { service removed { kind count } } } }`;

const OPENAI_KEY = 'sk-proj-e2e-0123456789abcdefghijklmnop-Q7zP';

interface ProviderKey {
  id: string;
  provider: string;
  last4: string;
  baseUrl: string | null;
}

/** Settings' language-model keys over GraphQL, through the BFF and the keys service in one process. */
describe("BFF: users' language-model keys (standalone)", () => {
  const product = useStandalone('bff-provider-keys');
  const PASSWORD = 'correct horse 1';
  const signUp = async (): Promise<GraphqlBrowser> =>
    (
      await signUpOverGraphql(product.url, {
        email: `keys-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
        password: PASSWORD,
        name: 'Key Holder',
      })
    ).browser;

  const add = (browser: GraphqlBrowser, input: Record<string, unknown>) =>
    browser.request<{ addProviderKey: ProviderKey }>(ADD, { input });
  const list = async (browser: GraphqlBrowser): Promise<ProviderKey[]> => {
    const result = await browser.request<{ providerKeys: ProviderKey[] }>(PROVIDER_KEYS);
    expect(result.errors).toBeUndefined();
    return result.data!.providerKeys;
  };

  it('adds keys shown by their last 4 characters only, replaces per provider, removes one', async () => {
    const alice = await signUp();
    const added = await add(alice, { provider: 'openai', apiKey: OPENAI_KEY });
    expect(added.errors).toBeUndefined();
    expect(added.data!.addProviderKey).toEqual({
      id: expect.any(String),
      provider: 'openai',
      last4: 'Q7zP',
      baseUrl: null,
    });
    expect(JSON.stringify(added.data)).not.toContain(OPENAI_KEY.slice(0, 12));
    const local = await add(alice, {
      provider: 'openaiCompatible',
      apiKey: 'ollama',
      baseUrl: 'http://127.0.0.1:11434/v1/',
    });
    expect(local.data!.addProviderKey).toMatchObject({
      provider: 'openaiCompatible',
      last4: 'lama',
      baseUrl: 'http://127.0.0.1:11434/v1',
    });
    const replacement = await add(alice, { provider: 'openai', apiKey: 'sk-second-key-0000-WXYZ' });
    expect((await list(alice)).map((key) => [key.provider, key.last4])).toEqual([
      ['openai', 'WXYZ'],
      ['openaiCompatible', 'lama'],
    ]);

    const removed = await alice.request<{ removeProviderKey: ProviderKey }>(REMOVE, {
      id: replacement.data!.addProviderKey.id,
    });
    expect(removed.data!.removeProviderKey).toEqual({
      id: replacement.data!.addProviderKey.id,
      provider: 'openai',
    });
    expect((await list(alice)).map((key) => key.provider)).toEqual(['openaiCompatible']);
  });

  it('stores the key only sealed: the database file never holds it in clear', async () => {
    const bob = await signUp();
    await add(bob, { provider: 'anthropic', apiKey: 'sk-ant-api03-sealed-check-ABCDEFGHIJ' });
    const db = new Database(join(product.scratchDir, 'data', 'keys.sqlite'), { readonly: true });
    try {
      const rows = db.prepare('SELECT sealed_secret, last4 FROM provider_keys').all() as Array<{
        sealed_secret: string;
        last4: string;
      }>;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.sealed_secret).toMatch(/^v1\.[0-9a-f]{12}\./);
        expect(row.sealed_secret).not.toContain('sealed-check');
      }
    } finally {
      db.close();
    }
  });

  it('refuses bad input with BAD_USER_INPUT and the exact texts, storing nothing', async () => {
    const carol = await signUp();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ provider: 'openai', apiKey: '   ' }, 'Enter the API key.'],
      [{ provider: 'openai', apiKey: 'sk-abc def' }, 'An API key has no spaces or line breaks.'],
      [
        { provider: 'openaiCompatible', apiKey: 'ollama' },
        'An OpenAI-compatible server needs its base URL (for example http://localhost:11434/v1).',
      ],
      [
        { provider: 'anthropic', apiKey: 'sk-ant-x', baseUrl: 'https://example.com' },
        'Only OpenAI and OpenAI-compatible keys take a base URL.',
      ],
    ];
    for (const [input, message] of cases) {
      const result = await add(carol, input);
      expect(result.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }
    const badUrl = await add(carol, { provider: 'openai', apiKey: 'sk-x', baseUrl: 'ftp://example.com' });
    expect(badUrl.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const tooLong = await add(carol, { provider: 'openai', apiKey: 'x'.repeat(513) });
    expect(tooLong.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await list(carol)).toEqual([]);
  });

  it("never lists, removes or tests another user's key", async () => {
    const owner = await signUp();
    const intruder = await signUp();
    const { id } = (await add(owner, { provider: 'gemini', apiKey: 'AIzaSy-owner-gemini-0000' })).data!
      .addProviderKey;
    expect(await list(intruder)).toEqual([]);
    const removal = await intruder.request(REMOVE, { id });
    expect(removal.errors?.[0]).toMatchObject({
      message: 'Language model key not found.',
      extensions: { code: 'NOT_FOUND' },
    });
    const test = await intruder.request(TEST, { id });
    expect(test.data).toBeNull();
    expect(test.errors?.[0]?.extensions?.code).toMatch(/^(NOT_FOUND|SERVICE_UNAVAILABLE)$/);
    expect((await list(owner)).map((key) => key.id)).toEqual([id]);
  });

  it('needs a session for every operation', async () => {
    const anonymous = new GraphqlBrowser(product.url);
    for (const [query, variables] of [
      [PROVIDER_KEYS, {}],
      [ADD, { input: { provider: 'openai', apiKey: OPENAI_KEY } }],
      [REMOVE, { id: 'x' }],
      [TEST, { id: 'x' }],
    ] as const) {
      const result = await anonymous.request(query, variables);
      expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });

  it('lists the removed provider keys in the account deletion receipt', async () => {
    const dave = await signUp();
    await add(dave, { provider: 'openai', apiKey: OPENAI_KEY });
    await add(dave, { provider: 'gemini', apiKey: 'AIzaSy-dave-gemini-0000' });
    const deleted = await dave.request<{
      deleteAccount: {
        services: Array<{ service: string; removed: Array<{ kind: string; count: number }> }>;
      };
    }>(DELETE_ACCOUNT, { password: PASSWORD });
    expect(deleted.errors).toBeUndefined();
    const keys = deleted.data!.deleteAccount.services.find((service) => service.service === 'keys');
    expect(keys?.removed).toContainEqual({ kind: 'providerKeys', count: 2 });
  });
});
