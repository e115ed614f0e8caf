import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { rejection } from '@membolt/bus/testing';
import { CommonErrorCode, IdentityErrorCode, IdentitySubjects } from '@membolt/contracts';
import { createIdentityTestbed, type IdentityTestbed } from '../testing/identity-testbed.js';
import {
  authorizeInBrowser,
  startTestOidcProvider,
  type TestOidcProvider,
} from '../testing/oidc-test-provider.js';

// Real servers on loopback (bus, SMTP, OIDC): generous on a loaded machine; nothing here waits on a timer.
jest.setTimeout(30_000);

const REDIRECT_URI = 'http://127.0.0.1:3999/auth/oidc/callback';
let provider: TestOidcProvider;
let tb: IdentityTestbed;

beforeAll(async () => {
  provider = await startTestOidcProvider({
    redirectUris: [REDIRECT_URI],
    accounts: {
      'alice-sub': { email: 'alice@example.com', email_verified: true, name: 'Alice Example' },
      'nameless-sub': { email: 'nameless@example.com', email_verified: true },
      'linker-sub': { email: 'linker@example.com', email_verified: true, name: 'Linker' },
      'unverified-sub': { email: 'unverified@example.com', email_verified: false, name: 'Unverified' },
    },
  });
});
afterAll(async () => {
  await provider?.stop();
});
afterEach(async () => {
  await tb?.close();
});

const configured = () =>
  createIdentityTestbed({
    oidc: {
      providerName: 'Google',
      client: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
    },
  });

async function googleSignIn(accountId: string, remember = true) {
  const { authorizationUrl } = await tb.bus.request(IdentitySubjects.startOidc, {
    redirectUri: REDIRECT_URI,
    remember,
  });
  const callbackUrl = await authorizeInBrowser(authorizationUrl, accountId, REDIRECT_URI);
  return { callbackUrl, session: await tb.bus.request(IdentitySubjects.finishOidc, { callbackUrl }) };
}

describe('Google sign-in (OpenID Connect against a real provider on loopback)', () => {
  it('asks for code + PKCE (S256) with state and nonce, scope openid email profile', async () => {
    tb = await configured();
    expect(await tb.bus.request(IdentitySubjects.oidcStatus, {})).toEqual({
      enabled: true,
      providerName: 'Google',
    });
    const { authorizationUrl } = await tb.bus.request(IdentitySubjects.startOidc, {
      redirectUri: REDIRECT_URI,
      remember: false,
    });
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      state: expect.any(String),
      nonce: expect.any(String),
      code_challenge: expect.any(String),
    });
  });

  it('creates the account on first sign-in with the display name and the sign-up steps; finds it the next time', async () => {
    tb = await configured();
    const first = await googleSignIn('alice-sub', false);
    expect(first.session.persistent).toBe(false);
    expect(first.session.user).toMatchObject({
      email: 'alice@example.com',
      name: 'Alice Example',
      authMethods: ['google'],
      setupComplete: true,
    });
    // No key whose secret nobody is shown (decision 088).
    expect(tb.stubs.keysOf(first.session.user.id)).toEqual([]);
    expect(tb.stubs.subscriptions.has(first.session.user.id)).toBe(true);

    const second = await googleSignIn('alice-sub', true);
    expect(second.session.persistent).toBe(true);
    expect(second.session.user.id).toBe(first.session.user.id);
    expect(tb.stubs.keysOf(first.session.user.id)).toEqual([]);
  });

  it("names the account 'User' when the provider gives no name", async () => {
    tb = await configured();
    const { session } = await googleSignIn('nameless-sub');
    expect(session.user.name).toBe('User');
  });

  it('links Google to an existing password account with the same verified e-mail', async () => {
    tb = await configured();
    const signedUp = await tb.bus.request(IdentitySubjects.signUp, {
      email: 'linker@example.com',
      password: 'password one',
      name: 'Linker',
    });
    const { session } = await googleSignIn('linker-sub');
    expect(session.user.id).toBe(signedUp.user.id);
    expect(session.user.authMethods).toEqual(['password', 'google']);
    await expect(
      tb.bus.request(IdentitySubjects.signIn, {
        email: 'linker@example.com',
        password: 'password one',
        remember: true,
      }),
    ).resolves.toMatchObject({ user: { id: signedUp.user.id } });
  });

  it('a Google-only account has no password to sign in with or to change', async () => {
    tb = await configured();
    const { session } = await googleSignIn('alice-sub');
    const signIn = await rejection(
      tb.bus.request(IdentitySubjects.signIn, {
        email: 'alice@example.com',
        password: 'guessing it',
        remember: true,
      }),
    );
    expect(signIn.code).toBe(IdentityErrorCode.WrongPassword);
    const change = await rejection(
      tb.bus.request(
        IdentitySubjects.changePassword,
        { currentPassword: 'guessing it', newPassword: 'new password 1' },
        { userId: session.user.id },
      ),
    );
    expect(change.code).toBe(IdentityErrorCode.WrongPassword);
  });

  it('refuses a replayed callback, an unknown state and an expired request with oidc-failed', async () => {
    tb = await configured();
    const { callbackUrl } = await googleSignIn('alice-sub');
    const replay = await rejection(tb.bus.request(IdentitySubjects.finishOidc, { callbackUrl }));
    expect(replay.code).toBe(IdentityErrorCode.OidcFailed);
    expect(replay.message).toBe('An error occurred during Google sign-in. Please try again.');

    const { authorizationUrl } = await tb.bus.request(IdentitySubjects.startOidc, {
      redirectUri: REDIRECT_URI,
      remember: true,
    });
    const forged = new URL(await authorizeInBrowser(authorizationUrl, 'alice-sub', REDIRECT_URI));
    forged.searchParams.set('state', 'not-a-state-we-issued');
    expect(
      (await rejection(tb.bus.request(IdentitySubjects.finishOidc, { callbackUrl: forged.href }))).code,
    ).toBe(IdentityErrorCode.OidcFailed);

    const late = await tb.bus.request(IdentitySubjects.startOidc, {
      redirectUri: REDIRECT_URI,
      remember: true,
    });
    const lateCallback = await authorizeInBrowser(late.authorizationUrl, 'alice-sub', REDIRECT_URI);
    tb.clock.advance(11 * 60_000);
    expect(
      (await rejection(tb.bus.request(IdentitySubjects.finishOidc, { callbackUrl: lateCallback }))).code,
    ).toBe(IdentityErrorCode.OidcFailed);
  });

  it('refuses an e-mail the provider has not verified', async () => {
    tb = await configured();
    expect((await rejection(googleSignIn('unverified-sub'))).code).toBe(IdentityErrorCode.OidcFailed);
  });

  it('refuses a redirect URI that is not absolute', async () => {
    tb = await configured();
    const error = await rejection(
      tb.bus.request(IdentitySubjects.startOidc, { redirectUri: '/callback', remember: true }),
    );
    expect(error.code).toBe(CommonErrorCode.ValidationError);
  });

  it('answers oidc-failed when the provider cannot be reached', async () => {
    tb = await createIdentityTestbed({
      oidc: {
        providerName: 'Google',
        client: { issuer: 'http://127.0.0.1:9/', clientId: 'x', clientSecret: 'y' },
      },
    });
    const error = await rejection(
      tb.bus.request(IdentitySubjects.startOidc, { redirectUri: REDIRECT_URI, remember: true }),
    );
    expect(error.code).toBe(IdentityErrorCode.OidcFailed);
  });
});

describe('Google sign-in not configured', () => {
  it('reports it disabled and answers oidc-not-configured', async () => {
    tb = await createIdentityTestbed();
    expect(await tb.bus.request(IdentitySubjects.oidcStatus, {})).toEqual({
      enabled: false,
      providerName: 'Google',
    });
    const start = await rejection(
      tb.bus.request(IdentitySubjects.startOidc, { redirectUri: REDIRECT_URI, remember: true }),
    );
    expect(start.code).toBe(IdentityErrorCode.OidcNotConfigured);
    expect(start.message).toBe('Google sign-in is not configured on this server.');
    const finish = await rejection(
      tb.bus.request(IdentitySubjects.finishOidc, { callbackUrl: `${REDIRECT_URI}?code=x&state=y` }),
    );
    expect(finish.code).toBe(IdentityErrorCode.OidcNotConfigured);
  });
});
