/** An authorization request in flight: what the callback must match. Single use, short-lived. */
export interface OidcRequest {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  readonly redirectUri: string;
  readonly remember: boolean;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** What identity needs to know about the person the provider authenticated. */
export interface OidcIdentity {
  readonly subject: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly name: string | null;
}
