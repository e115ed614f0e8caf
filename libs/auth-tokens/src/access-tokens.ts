import { errors, jwtVerify, SignJWT } from 'jose';

/** Claims of a Membolt access token. */
export interface AccessTokenClaims {
  /** User id. */
  readonly sub: string;
  /** Session id (the refresh-token family): what a revocation of one session names. */
  readonly sid: string;
  /**
   * When the user last proved who they are (signed in) in this session; refreshes keep it. Sensitive
   * operations ask for a recent one. Null only for tokens signed without it.
   */
  readonly authTime: Date | null;
}

export const ACCESS_TOKEN_ISSUER = 'membolt-identity';
export const ACCESS_TOKEN_AUDIENCE = 'membolt';
export const MIN_SECRET_LENGTH = 32;

function keyFrom(secret: string): Uint8Array {
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(`The access-token secret must be at least ${MIN_SECRET_LENGTH} characters`);
  return new TextEncoder().encode(secret);
}

/**
 * Short-lived access tokens (JWT, HS256). Identity signs them; the BFF verifies them locally on every
 * request, so no bus hop is needed to authenticate. Refresh tokens are opaque and live in identity.
 */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds = 15 * 60,
  ) {
    this.key = keyFrom(secret);
  }

  async sign(claims: AccessTokenClaims, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = new Date((issuedAt + this.ttlSeconds) * 1000);
    const token = await new SignJWT({
      sid: claims.sid,
      ...(claims.authTime ? { auth_time: Math.floor(claims.authTime.getTime() / 1000) } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The claims of a valid token, or null for an expired, forged or malformed one. */
  async verify(token: string, now = new Date()): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        currentDate: now,
      });
      if (typeof payload.sub !== 'string' || typeof payload['sid'] !== 'string') return null;
      const authTime = payload['auth_time'];
      return {
        sub: payload.sub,
        sid: payload['sid'],
        authTime:
          typeof authTime === 'number' && Number.isFinite(authTime) ? new Date(authTime * 1000) : null,
      };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
