import type { OidcIdentity } from '../domain/oidc-request.js';

export interface OidcAuthorizationStart {
  readonly authorizationUrl: string;
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

export interface OidcCallbackChecks {
  readonly redirectUri: string;
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

/** The OpenID Connect relying party (authorization code + PKCE). Methods throw on any provider failure. */
export interface OidcClient {
  readonly enabled: boolean;
  readonly providerName: string;
  start(redirectUri: string): Promise<OidcAuthorizationStart>;
  /** Exchanges the code of the callback URL, validating state, nonce and PKCE. */
  finish(callbackUrl: URL, checks: OidcCallbackChecks): Promise<OidcIdentity>;
}

export const OIDC_CLIENT = Symbol('OIDC_CLIENT');
