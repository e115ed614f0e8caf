import { describe, expect, it, jest } from '@jest/globals';
import { GraphqlBrowser } from '@membolt/bff/testing';
import { createApiKeyOverGraphql, signUpOverGraphql, useStandalone } from './support/standalone.js';

jest.setTimeout(60_000);

const SIGN_IN = `mutation ($input: SignInInput!) { signIn(input: $input) { id email } }`;
const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { id } }`;
const PASSWORD = 'a sturdy passphrase';

/** n aliases of one mutation in one GraphQL document, each with its own variables. */
function aliased(n: number, field: string, inputType: string, selection: string): string {
  const variables = Array.from({ length: n }, (_, i) => `$in${i}: ${inputType}!`).join(', ');
  const fields = Array.from({ length: n }, (_, i) => `m${i}: ${field}(input: $in${i}) ${selection}`).join(
    '\n',
  );
  return `mutation (${variables}) {\n${fields}\n}`;
}

/**
 * Abuse limits through the real standalone product: sign-up throttling per address, the password policy, sign-in
 * throttling that cannot lock the owner out, the cap on API keys and the gateway's per-user rate limit. Every
 * request comes from 127.0.0.1, so one address stands for one attacker's network here.
 */
describe('abuse limits (standalone)', () => {
  const product = useStandalone('abuse', {
    GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: '6',
  });

  let accounts = 0;
  async function signedUp(): Promise<{ browser: GraphqlBrowser; email: string }> {
    const email = `abuse${++accounts}@example.com`;
    const { browser } = await signUpOverGraphql(product.url, { email, password: PASSWORD, name: 'Eve' });
    return { browser, email };
  }

  it('refuses common, blank and control-character passwords with a clear message, creating nothing', async () => {
    const browser = new GraphqlBrowser(product.url);
    for (const [password, message] of [
      ['password', 'This password is too common'],
      ['12345678', 'This password is too common'],
      [' '.repeat(8), 'Password must contain characters other than spaces'],
      ['\0'.repeat(8), 'Password must not contain control characters'],
    ]) {
      const refused = await browser.request(SIGN_UP, {
        input: { email: 'weak@example.com', password, name: 'Weak' },
      });
      expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(refused.errors?.[0]?.message).toContain(message);
    }
    expect(browser.jar.get('mb_at')).toBeUndefined();
  });

  it('a known browser signs in although failures from the same network block new browsers', async () => {
    const { email } = await signedUp();
    const known = new GraphqlBrowser(product.url);
    expect(
      (await known.request(SIGN_IN, { input: { email, password: PASSWORD, remember: true } })).errors,
    ).toBeUndefined();
    const device = known.jar.get('mb_dv')!;
    expect(device.attributes).toMatch(/HttpOnly/i);
    expect(device.attributes).toMatch(/Max-Age=\d+/i);

    const attacker = new GraphqlBrowser(product.url);
    for (let i = 0; i < 5; i++) {
      const wrong = await attacker.request(SIGN_IN, {
        input: { email, password: 'not the password', remember: false },
      });
      expect(wrong.errors?.[0]?.extensions?.code).toBe('wrong-password');
    }
    const blocked = await attacker.request(SIGN_IN, {
      input: { email, password: PASSWORD, remember: false },
    });
    expect(blocked.errors?.[0]).toMatchObject({
      message: 'Too many failed login attempts. Please try again later.',
      extensions: { code: 'too-many-requests' },
    });
    const again = await known.request(SIGN_IN, { input: { email, password: PASSWORD, remember: true } });
    expect(again.errors).toBeUndefined();
  });

  it('caps active API keys at 50 per user, also under 51 createApiKey requests at once', async () => {
    const { browser } = await signedUp();
    const create = (i: number) =>
      browser.request(
        'mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { apiKey { id } } }',
        {
          input: { name: `key ${i}` },
        },
      );
    const results = await Promise.all(Array.from({ length: 51 }, (_, i) => create(i)));
    // One refusal; the other 50 were created (sign-up makes no key, decision 088).
    const refused = results.flatMap((result) => result.errors ?? []);
    expect(refused).toEqual([
      expect.objectContaining({
        message:
          'You have reached the limit of 50 active API keys. Revoke a key you no longer use to create a new one.',
        extensions: expect.objectContaining({ code: 'API_KEY_LIMIT_REACHED' }),
      }),
    ]);
    const listed = await browser.request<{ apiKeys: Array<{ id: string }> }>('{ apiKeys { id } }');
    expect(listed.data?.apiKeys).toHaveLength(50);
  });

  it('refuses aliased mutations in one request before running any (decision 268)', async () => {
    const { browser } = await signedUp();
    const CREATE = aliased(3, 'createApiKey', 'CreateApiKeyInput', '{ apiKey { id } }');
    const variables = Object.fromEntries(
      Array.from({ length: 3 }, (_, i) => [`in${i}`, { name: `key ${i}` }]),
    );
    const result = await browser.request(CREATE, variables);
    expect(result.status).toBe(400);
    expect(result.data).toBeUndefined();
    expect(result.errors).toEqual([
      {
        message:
          'A mutation operation may hold one mutation field, found 3 (m0: createApiKey, m1: createApiKey, ' +
          'm2: createApiKey). Send each mutation as its own request, so that each answer says whether its ' +
          'mutation was applied.',
        extensions: { code: 'BAD_USER_INPUT' },
      },
    ]);
    const listed = await browser.request<{ apiKeys: Array<{ id: string }> }>('{ apiKeys { id } }');
    expect(listed.data?.apiKeys).toEqual([]);
  });

  it('throttles sign-ups per address, also under 20 sign-ups at once', async () => {
    const signUp = (i: number) =>
      new GraphqlBrowser(product.url).request(SIGN_UP, {
        input: { email: `burst${i}@example.com`, password: PASSWORD, name: 'B' },
      });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => signUp(i)));
    // 10 per address and hour; the accounts the earlier tests made here count too.
    const allowed = 10 - accounts;
    const signedUpNow = results.flatMap((result, i) => (result.errors ? [] : [i]));
    expect(signedUpNow).toHaveLength(allowed);
    for (const result of results.filter((r) => r.errors))
      expect(result.errors).toEqual([
        expect.objectContaining({
          message: 'Too many sign-up attempts from your network. Please try again later.',
          extensions: expect.objectContaining({ code: 'too-many-requests' }),
        }),
      ]);
    const oneMore = await signUp(20);
    expect(oneMore.errors?.[0]?.extensions?.code).toBe('too-many-requests');
    const signIn = (i: number) =>
      new GraphqlBrowser(product.url).request(SIGN_IN, {
        input: { email: `burst${i}@example.com`, password: PASSWORD, remember: false },
      });
    const [firstMade] = signedUpNow;
    expect((await signIn(firstMade ?? -1)).errors).toBeUndefined();
    const refusedAt = results.findIndex((result) => result.errors);
    expect((await signIn(refusedAt)).errors?.[0]?.extensions?.code).toBe('wrong-password');
  });
});

describe('gateway: per-user rate limit (standalone, in-memory counters)', () => {
  const product = useStandalone('abuse-gw', { GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: '6' });

  it('shares one budget across all keys of a user', async () => {
    const { browser } = await signUpOverGraphql(product.url, {
      email: 'many@example.com',
      password: PASSWORD,
      name: 'M',
    });
    const secrets: string[] = [];
    for (let i = 0; i < 3; i++) secrets.push((await createApiKeyOverGraphql(browser, `k${i}`)).secret);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await fetch(`${product.url}/api/health`, {
        headers: { 'X-API-Key': secrets[i % 3]! },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });
});
