import {
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  type Configuration,
  discovery,
  fetchUserInfo,
  randomNonce,
  randomPKCECodeVerifier,
  randomState,
} from 'openid-client';
import type { OidcIdentity } from '../../domain/oidc-request.js';
import type { OidcClientOptions } from '../../identity.options.js';
import type { OidcAuthorizationStart, OidcCallbackChecks, OidcClient } from '../../ports/oidc-client.js';

const OIDC_SCOPE = 'openid email profile';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Plain http is accepted only for an issuer on this machine (a provider under test). */
function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** Relying party for one issuer (Google by default) with openid-client: authorization code + PKCE (S256). */
export class OpenIdConnectClient implements OidcClient {
  readonly enabled = true;
  private configuration: Promise<Configuration> | null = null;

  constructor(
    private readonly options: OidcClientOptions,
    readonly providerName: string,
  ) {}

  async start(redirectUri: string): Promise<OidcAuthorizationStart> {
    const config = await this.discovered();
    const state = randomState();
    const nonce = randomNonce();
    const codeVerifier = randomPKCECodeVerifier();
    const url = buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: OIDC_SCOPE,
      response_type: 'code',
      code_challenge: await calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { authorizationUrl: url.href, state, nonce, codeVerifier };
  }

  async finish(callbackUrl: URL, checks: OidcCallbackChecks): Promise<OidcIdentity> {
    const config = await this.discovered();
    // The token request's redirect_uri is taken from this URL: use the one the request was started with, so
    // a proxy rewriting the edge's host or scheme cannot make the exchange fail.
    const current = new URL(checks.redirectUri);
    current.search = callbackUrl.search;
    const tokens = await authorizationCodeGrant(config, current, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('The provider returned no ID token');
    let claims: Record<string, unknown> = { ...idToken };
    // Providers that follow the spec strictly put profile claims only in the UserInfo response.
    if ((typeof claims['email'] !== 'string' || typeof claims['name'] !== 'string') && tokens.access_token) {
      const userInfo = await fetchUserInfo(config, tokens.access_token, idToken.sub);
      claims = { ...userInfo, ...stripUndefined(claims) };
    }
    const email = typeof claims['email'] === 'string' ? claims['email'].trim().toLowerCase() : null;
    const name = typeof claims['name'] === 'string' && claims['name'].trim() ? claims['name'].trim() : null;
    const verified = claims['email_verified'];
    return {
      subject: idToken.sub,
      email: email || null,
      emailVerified: verified === true || verified === 'true',
      name,
    };
  }

  private discovered(): Promise<Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.options.issuer);
      this.configuration = discovery(
        issuer,
        this.options.clientId,
        this.options.clientSecret,
        undefined,
        isLoopbackHttp(issuer) ? { execute: [allowInsecureRequests] } : undefined,
      );
      // A failed discovery is retried on the next sign-in instead of being cached.
      this.configuration.catch(() => {
        this.configuration = null;
      });
    }
    return this.configuration;
  }
}

function stripUndefined(claims: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));
}

/** Used when no client is configured: the service answers `oidc-not-configured` before calling it. */
export class DisabledOidcClient implements OidcClient {
  readonly enabled = false;

  constructor(readonly providerName: string) {}

  start(): Promise<OidcAuthorizationStart> {
    return Promise.reject(new Error('OIDC sign-in is not configured'));
  }

  finish(): Promise<OidcIdentity> {
    return Promise.reject(new Error('OIDC sign-in is not configured'));
  }
}
