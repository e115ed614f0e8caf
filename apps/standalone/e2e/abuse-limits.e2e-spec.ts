import { describe, expect, it, jest } from '@jest/globals';
import { GraphqlBrowser } from '@membolt/bff/testing';
import { createApiKeyOverGraphql, signUpOverGraphql, useStandalone } from './support/standalone.js';

jest.setTimeout(60_000);

const SIGN_IN = `mutation ($input: SignInInput!) { signIn(input: $input) { id email } }`;
const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { id } }`;
const PASSWORD = 'a sturdy passphrase';

/** n aliases of one mutation in one GraphQL request, each with its own variables. */
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
    // The default GraphQL limits refuse 20 or 50 aliases before anything runs (edge-limits spec); raised
    // here to show the sign-up throttle and the key cap hold on their own, whatever an operator sets.
    GRAPHQL_MAX_ALIASES: '100',
    GRAPHQL_MAX_FIELDS: '1000',
    GRAPHQL_MAX_COST: '100000',
    GRAPHQL_MAX_TOKENS: '20000',
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

  it('caps active API keys at 50 per user, also under 51 aliased createApiKey mutations in one request', async () => {
    const { browser } = await signedUp();
    const CREATE = aliased(51, 'createApiKey', 'CreateApiKeyInput', '{ apiKey { id } }');
    const variables = Object.fromEntries(
      Array.from({ length: 51 }, (_, i) => [`in${i}`, { name: `key ${i}` }]),
    );
    const result = await browser.request(CREATE, variables);
    // One refusal (createApiKey is non-null, so it nulls the whole `data`); the other 50 were created (sign-up
    // makes no key, decision 088).
    expect(result.errors).toHaveLength(1);
    expect(result.errors?.[0]).toMatchObject({
      message:
        'You have reached the limit of 50 active API keys. Revoke a key you no longer use to create a new one.',
      extensions: { code: 'API_KEY_LIMIT_REACHED' },
    });
    const listed = await browser.request<{ apiKeys: Array<{ id: string }> }>('{ apiKeys { id } }');
    expect(listed.data?.apiKeys).toHaveLength(50);
  });

  it('throttles sign-ups per address, counting each aliased signUp on its own', async () => {
    const SIGN_UPS = aliased(20, 'signUp', 'SignUpInput', '{ id }');
    const variables = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [
        `in${i}`,
        { email: `burst${i}@example.com`, password: PASSWORD, name: 'B' },
      ]),
    );
    const result = await new GraphqlBrowser(product.url).request(SIGN_UPS, variables);
    // 10 per address and hour; the accounts the earlier tests made here count too. Mutations run in order and
    // signUp is non-null: the first refusal nulls `data` and ends the request, so it is the only error.
    const allowed = 10 - accounts;
    expect(result.errors).toEqual([
      expect.objectContaining({
        message: 'Too many sign-up attempts from your network. Please try again later.',
        extensions: expect.objectContaining({ code: 'too-many-requests' }),
        path: [`m${allowed}`],
      }),
    ]);
    const oneMore = await new GraphqlBrowser(product.url).request(SIGN_UP, {
      input: { email: 'late@example.com', password: PASSWORD, name: 'L' },
    });
    expect(oneMore.errors?.[0]?.extensions?.code).toBe('too-many-requests');
    const signIn = (i: number) =>
      new GraphqlBrowser(product.url).request(SIGN_IN, {
        input: { email: `burst${i}@example.com`, password: PASSWORD, remember: false },
      });
    expect((await signIn(allowed - 1)).errors).toBeUndefined();
    expect((await signIn(allowed)).errors?.[0]?.extensions?.code).toBe('wrong-password');
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
