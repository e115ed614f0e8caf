import { describe, expect, it, jest } from '@jest/globals';
import { AccessTokens } from '@membolt/auth-tokens';
import { GraphqlBrowser } from '@membolt/bff/testing';
import { signInOverGraphql, signUpOverGraphql, useStandalone } from './support/standalone.js';

jest.setTimeout(60_000);

const SECRET = 'revocation-e2e-secret-revocation-e2e-secret';
const PASSWORD = 'correct horse 1';
const VIEWER = `{ viewer { id } }`;
const API_KEYS = `{ apiKeys { id } }`;
const CREATE_KEY = `mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret apiKey { id } } }`;
const DELETE_ACCOUNT = `mutation ($currentPassword: String) { deleteAccount(currentPassword: $currentPassword) { userId } }`;

/**
 * Access tokens end when their session ends, at once, through the real standalone product: a copied access
 * cookie (a stolen one) stops working on the very next request after sign-out, password change, refresh-token
 * reuse and account deletion, also after a restart; minting an API key needs a recent sign-in or the password.
 */
describe('session and access-token revocation (standalone)', () => {
  let seq = 0;
  const tokens = new AccessTokens(SECRET);
  const product = useStandalone('revocation', { AUTH_TOKEN_SECRET: SECRET });

  const signUp = async () => {
    const email = `revoke${++seq}@example.com`;
    return { ...(await signUpOverGraphql(product.url, { email, password: PASSWORD, name: 'Rev' })), email };
  };
  const signIn = (email: string, password = PASSWORD) =>
    signInOverGraphql(product.url, { email, password, remember: true });
  /** Another browser holding a copy of these cookies, as a thief would. */
  const copyOf = (browser: GraphqlBrowser, names = ['mb_at', 'mb_rt']) => {
    const thief = new GraphqlBrowser(product.url);
    for (const name of names) {
      const cookie = browser.jar.get(name);
      if (cookie) {
        thief.jar.store(
          new Response(null, {
            headers: { 'set-cookie': `${name}=${encodeURIComponent(cookie.value)}; Path=${cookie.path}` },
          }),
        );
      }
    }
    return thief;
  };
  /** A browser whose access cookie is for the same session, but from a sign-in `minutesAgo` minutes ago. */
  const signedInMinutesAgo = async (browser: GraphqlBrowser, minutesAgo: number) => {
    const claims = (await tokens.verify(browser.jar.get('mb_at')!.value))!;
    const { token } = await tokens.sign({
      sub: claims.sub,
      sid: claims.sid,
      authTime: new Date(Date.now() - minutesAgo * 60_000),
    });
    const stale = new GraphqlBrowser(product.url);
    stale.jar.store(new Response(null, { headers: { 'set-cookie': `mb_at=${token}; Path=/` } }));
    return stale;
  };
  const codeOf = async (browser: GraphqlBrowser, query: string, variables: Record<string, unknown> = {}) =>
    (await browser.request(query, variables)).errors?.[0]?.extensions?.code ?? 'ok';

  it('sign-out ends the access token at once: a copied access cookie is refused on the next request', async () => {
    const { browser } = await signUp();
    const thief = copyOf(browser, ['mb_at']);
    expect(await codeOf(thief, VIEWER)).toBe('ok');
    await browser.request(`mutation { signOut }`);
    expect(await codeOf(thief, VIEWER)).toBe('UNAUTHENTICATED');
    expect(await codeOf(thief, CREATE_KEY, { input: { name: 'stolen' } })).toBe('UNAUTHENTICATED');
  });

  it('a password change ends every other session at once and keeps the one that made it', async () => {
    const { browser, email } = await signUp();
    const otherDevice = await signIn(email);
    const stolen = copyOf(otherDevice, ['mb_at']);
    const changed = await browser.request(
      `mutation ($input: ChangePasswordInput!) { changePassword(input: $input) }`,
      { input: { currentPassword: PASSWORD, newPassword: 'a brand new password' } },
    );
    expect(changed.errors).toBeUndefined();
    expect(await codeOf(stolen, API_KEYS)).toBe('UNAUTHENTICATED');
    expect(await codeOf(otherDevice, API_KEYS)).toBe('UNAUTHENTICATED');
    expect(await codeOf(browser, API_KEYS)).toBe('ok');
  });

  it('refresh-token reuse ends the session’s access tokens, the thief’s and the owner’s', async () => {
    const { browser } = await signUp();
    const thief = copyOf(browser);
    expect((await browser.request(`mutation { refreshSession { id } }`)).errors).toBeUndefined();
    expect(await codeOf(thief, `mutation { refreshSession { id } }`)).toBe('UNAUTHENTICATED');
    expect(await codeOf(thief, VIEWER)).toBe('UNAUTHENTICATED');
    expect(await codeOf(browser, VIEWER)).toBe('UNAUTHENTICATED');
  });

  it('account deletion ends every access token and every key at once, also after a restart', async () => {
    const { browser } = await signUp();
    const thief = copyOf(browser, ['mb_at']);
    const created = await browser.request<{ createApiKey: { secret: string } }>(CREATE_KEY, {
      input: { name: 'soon gone' },
    });
    const secret = created.data!.createApiKey.secret;
    const gateway = () => fetch(`${product.url}/api/health`, { headers: { 'X-API-Key': secret } });
    expect((await gateway()).status).toBe(200);

    expect((await browser.request(DELETE_ACCOUNT)).errors).toBeUndefined();
    expect(await codeOf(thief, API_KEYS)).toBe('UNAUTHENTICATED');
    expect(await codeOf(thief, CREATE_KEY, { input: { name: 'after deletion' } })).toBe('UNAUTHENTICATED');
    expect((await gateway()).status).toBe(401);

    await product.restart();
    // The restarted product listens on a new port: the same cookie, presented there.
    const thiefAfterRestart = copyOf(thief, ['mb_at']);
    expect(await codeOf(thiefAfterRestart, API_KEYS)).toBe('UNAUTHENTICATED');
    expect(await codeOf(thiefAfterRestart, CREATE_KEY, { input: { name: 'after restart' } })).toBe(
      'UNAUTHENTICATED',
    );
    expect((await gateway()).status).toBe(401);
  });

  it('a signed-out access cookie stays refused after a restart (revocations are loaded when the BFF starts)', async () => {
    const { browser } = await signUp();
    const thief = copyOf(browser, ['mb_at']);
    await browser.request(`mutation { signOut }`);
    await product.restart();
    expect(await codeOf(copyOf(thief, ['mb_at']), VIEWER)).toBe('UNAUTHENTICATED');
  });

  describe('a fresh sign-in or the current password for sensitive changes', () => {
    it('creating an API key with a sign-in older than 10 minutes needs the current password', async () => {
      const { browser } = await signUp();
      expect(
        await codeOf(await signedInMinutesAgo(browser, 9), CREATE_KEY, { input: { name: 'fresh' } }),
      ).toBe('ok');
      const stale = await signedInMinutesAgo(browser, 11);
      const refused = await stale.request(CREATE_KEY, { input: { name: 'stale' } });
      expect(refused.errors?.[0]).toMatchObject({
        message: 'For your security, please confirm your current password (or sign in again) to continue.',
        extensions: { code: 'reauthentication-required' },
      });
      expect(
        await codeOf(stale, CREATE_KEY, { input: { name: 'stale', currentPassword: 'wrong one!' } }),
      ).toBe('wrong-password');
      expect(await codeOf(stale, CREATE_KEY, { input: { name: 'stale', currentPassword: PASSWORD } })).toBe(
        'ok',
      );
      const names = await browser.request<{ apiKeys: Array<{ id: string }> }>(API_KEYS);
      // The fresh one and the one confirmed by password (sign-up makes none): nothing from refusals.
      expect(names.data!.apiKeys).toHaveLength(2);
    });

    it('another account’s password does not confirm for this one', async () => {
      const alice = await signUp();
      const bob = await signUp();
      await bob.browser.request(`mutation ($input: ChangePasswordInput!) { changePassword(input: $input) }`, {
        input: { currentPassword: PASSWORD, newPassword: 'bobs own password' },
      });
      const staleAlice = await signedInMinutesAgo(alice.browser, 30);
      expect(
        await codeOf(staleAlice, CREATE_KEY, { input: { name: 'x', currentPassword: 'bobs own password' } }),
      ).toBe('wrong-password');
    });

    it('deleting the account with an old sign-in needs the current password', async () => {
      const { browser, email } = await signUp();
      const stale = await signedInMinutesAgo(browser, 11);
      expect(await codeOf(stale, DELETE_ACCOUNT)).toBe('reauthentication-required');
      expect(await codeOf(stale, DELETE_ACCOUNT, { currentPassword: 'wrong one!' })).toBe('wrong-password');
      await signIn(email);
      expect(await codeOf(stale, DELETE_ACCOUNT, { currentPassword: PASSWORD })).toBe('ok');
    });
  });
});
