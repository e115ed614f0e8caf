import { describe, expect, it } from '@jest/globals';
import { GraphqlBrowser } from '@membolt/bff/testing';
import { signUpOverGraphql, useStandalone } from './support/standalone.js';

const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { id email name bio settings { theme defaultModel } notifications { emailNotifications marketingEmails } memoryGraph { id status } } }`;
const SIGN_IN = `mutation ($input: SignInInput!) { signIn(input: $input) { id email } }`;
const VIEWER = `{ viewer { id email name plan setupComplete } }`;
const API_KEYS = `{ apiKeys { id name active displayPrefix description revokedAt } }`;
const CREATE_KEY = `mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret apiKey { id name active } } }`;
const REVOKE_KEY = `mutation ($id: ID!) { revokeApiKey(id: $id) { id active revokedAt } }`;

/** The web app's session over GraphQL, end to end through identity, keys and billing in one process. */
describe('BFF sessions and account over GraphQL (standalone)', () => {
  const product = useStandalone('bff');

  const signUp = (email: string, password = 'correct horse 1') =>
    signUpOverGraphql(product.url, { email, password, name: 'Ada Lovelace' });

  it('signs up with the spec defaults and sets httpOnly SameSite=Lax session cookies', async () => {
    const browser = new GraphqlBrowser(product.url);
    const result = await browser.request<{ signUp: Record<string, unknown> }>(SIGN_UP, {
      input: { email: 'Ada@Example.com', password: 'correct horse 1', name: '  Ada Lovelace ' },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!.signUp).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      bio: 'AI enthusiast and technology lover.',
      settings: { theme: 'light', defaultModel: 'claude-3-7-sonnet' },
      notifications: { emailNotifications: true, marketingEmails: false },
      memoryGraph: { id: expect.stringMatching(/^graph_[0-9a-f-]{36}$/), status: 'active' },
    });
    const access = browser.jar.get('mb_at')!;
    expect(access.attributes).toMatch(/HttpOnly/i);
    expect(access.attributes).toMatch(/SameSite=Lax/i);
    expect(browser.jar.get('mb_rt')!.path).toBe('/graphql');

    const viewer = await browser.request<{ viewer: { email: string; plan: string } }>(VIEWER);
    expect(viewer.data!.viewer).toMatchObject({ email: 'ada@example.com', plan: 'free' });
  });

  it('repeats the sign-up validation rules with the spec texts and refuses a taken e-mail', async () => {
    const browser = new GraphqlBrowser(product.url);
    const cases: Array<[Record<string, string>, string]> = [
      [{ email: 'x@y.co', password: 'short', name: 'A' }, 'Password must be at least 8 characters long'],
      [{ email: 'not-an-email', password: 'long enough', name: 'A' }, 'Please enter a valid email address'],
      [{ email: 'x@y.co', password: 'long enough', name: '   ' }, 'Name is required'],
      [{ email: '', password: 'long enough', name: 'A' }, 'Email is required'],
    ];
    for (const [input, message] of cases) {
      const result = await browser.request(SIGN_UP, { input });
      expect(result.errors?.[0]?.message).toContain(message);
      expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    await signUp('taken@example.com');
    const taken = await browser.request(SIGN_UP, {
      input: { email: 'taken@example.com', password: 'long enough', name: 'B' },
    });
    expect(taken.errors?.[0]?.extensions?.code).toBe('email-already-in-use');
    expect(browser.jar.get('mb_at')).toBeUndefined();
  });

  it('signs in: wrong password and unknown e-mail give the same answer; remember me decides the cookie lifetime', async () => {
    await signUp('bob@example.com', 'bob password 1');
    const browser = new GraphqlBrowser(product.url);
    for (const email of ['bob@example.com', 'nobody@example.com']) {
      const wrong = await browser.request(SIGN_IN, {
        input: { email, password: 'wrong password', remember: false },
      });
      expect(wrong.errors?.[0]).toMatchObject({
        message: 'Invalid email or password',
        extensions: { code: 'wrong-password' },
      });
    }
    const session = await browser.request(SIGN_IN, {
      input: { email: 'bob@example.com', password: 'bob password 1', remember: false },
    });
    expect(session.errors).toBeUndefined();
    expect(browser.jar.get('mb_at')!.attributes).not.toMatch(/Max-Age|Expires/i);

    const remembered = new GraphqlBrowser(product.url);
    await remembered.request(SIGN_IN, {
      input: { email: 'bob@example.com', password: 'bob password 1', remember: true },
    });
    expect(remembered.jar.get('mb_rt')!.attributes).toMatch(/Max-Age=\d+/i);
  });

  it('refuses operations without a session, and requests that are not JSON (CSRF prevention)', async () => {
    const anonymous = new GraphqlBrowser(product.url);
    const viewer = await anonymous.request(VIEWER);
    expect(viewer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const { browser } = await signUp('csrf@example.com');
    const forged = await fetch(`${product.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie: browser.jar.header('/graphql') },
      body: JSON.stringify({ query: 'mutation { signOut }' }),
    });
    expect(forged.status).toBe(400);
  });

  it('rotates the refresh token and signs out for good', async () => {
    const { browser } = await signUp('rotate@example.com');
    const before = browser.jar.get('mb_rt')!.value;
    const refreshed = await browser.request<{ refreshSession: { email: string } }>(
      `mutation { refreshSession { email } }`,
    );
    expect(refreshed.data!.refreshSession.email).toBe('rotate@example.com');
    expect(browser.jar.get('mb_rt')!.value).not.toBe(before);

    const stale = new GraphqlBrowser(product.url);
    stale.jar.store(new Response(null, { headers: { 'set-cookie': `mb_rt=${before}; Path=/graphql` } }));
    const replay = await stale.request(`mutation { refreshSession { email } }`);
    expect(replay.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const signedOut = await browser.request<{ signOut: boolean }>(`mutation { signOut }`);
    expect(signedOut.data!.signOut).toBe(true);
    expect(browser.jar.get('mb_at')).toBeUndefined();
    expect((await browser.request(VIEWER)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('creates, lists and revokes API keys; the full key is shown once; another user cannot revoke it', async () => {
    const alice = await signUp('alice-keys@example.com');
    const mallory = await signUp('mallory-keys@example.com');
    const created = await alice.browser.request<{ createApiKey: { secret: string; apiKey: { id: string } } }>(
      CREATE_KEY,
      {
        input: { name: 'Laptop', description: 'dev' },
      },
    );
    expect(created.data!.createApiKey.secret).toMatch(/^mblt_[A-Za-z0-9]{32}$/);
    const keyId = created.data!.createApiKey.apiKey.id;

    const listed = await alice.browser.request<{
      apiKeys: Array<{ id: string; name: string; displayPrefix: string }>;
    }>(API_KEYS);
    const laptop = listed.data!.apiKeys.find((k) => k.id === keyId)!;
    expect(laptop.displayPrefix).toBe(created.data!.createApiKey.secret.slice(0, 8));
    expect(JSON.stringify(listed.data)).not.toContain(created.data!.createApiKey.secret);

    const stolen = await mallory.browser.request(REVOKE_KEY, { id: keyId });
    expect(stolen.errors?.[0]?.extensions?.code).toBe('API_KEY_NOT_FOUND');

    const revoked = await alice.browser.request<{ revokeApiKey: { active: boolean; revokedAt: string } }>(
      REVOKE_KEY,
      { id: keyId },
    );
    expect(revoked.data!.revokeApiKey).toMatchObject({ active: false, revokedAt: expect.any(String) });
    const after = await alice.browser.request<{ apiKeys: Array<{ id: string; active: boolean }> }>(API_KEYS);
    expect(after.data!.apiKeys.find((k) => k.id === keyId)?.active).toBe(false);
  });

  it('changes the password only with the current one', async () => {
    const { browser } = await signUp('pw@example.com', 'first password 1');
    const CHANGE = `mutation ($input: ChangePasswordInput!) { changePassword(input: $input) }`;
    const wrong = await browser.request(CHANGE, {
      input: { currentPassword: 'nope nope', newPassword: 'second password 2' },
    });
    expect(wrong.errors?.[0]?.extensions?.code).toBe('wrong-password');
    const ok = await browser.request(CHANGE, {
      input: { currentPassword: 'first password 1', newPassword: 'second password 2' },
    });
    expect(ok.errors).toBeUndefined();
    const again = new GraphqlBrowser(product.url);
    expect(
      (
        await again.request(SIGN_IN, {
          input: { email: 'pw@example.com', password: 'first password 1', remember: false },
        })
      ).errors,
    ).toBeDefined();
    expect(
      (
        await again.request(SIGN_IN, {
          input: { email: 'pw@example.com', password: 'second password 2', remember: false },
        })
      ).errors,
    ).toBeUndefined();
  });

  it('deletes the account with a receipt from every service, then the session and the sign-in are gone', async () => {
    const { browser } = await signUp('leaving@example.com', 'leaving password');
    await browser.request(CREATE_KEY, { input: { name: 'To be removed' } });
    const receipt = await browser.request<{
      deleteAccount: {
        services: Array<{ service: string; removed: Array<{ kind: string; count: number }> }>;
        pending: string[];
      };
    }>(`mutation { deleteAccount { userId deletedAt pending services { service removed { kind count } } } }`);
    expect(receipt.errors).toBeUndefined();
    const services = receipt.data!.deleteAccount.services.map((s) => s.service).sort();
    expect(services).toEqual(['billing', 'chat', 'identity', 'ingestion', 'keys', 'memory', 'webhooks']);
    expect(receipt.data!.deleteAccount.pending).toEqual([]);
    const keys = receipt.data!.deleteAccount.services.find((s) => s.service === 'keys')!;
    expect(keys.removed.find((r) => r.kind === 'apiKeys')?.count).toBeGreaterThanOrEqual(1);
    expect(browser.jar.get('mb_at')).toBeUndefined();
    const signIn = await new GraphqlBrowser(product.url).request(SIGN_IN, {
      input: { email: 'leaving@example.com', password: 'leaving password', remember: false },
    });
    expect(signIn.errors?.[0]?.extensions?.code).toBe('wrong-password');
  });
});
