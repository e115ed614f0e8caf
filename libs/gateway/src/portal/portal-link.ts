import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Who a portal link lets in, and until when. */
export interface PortalGrant {
  /** The developer's account. */
  readonly userId: string;
  /** The one end user of that account whose memories the link shows. */
  readonly endUserId: string;
  readonly expiresAt: Date;
}

export type PortalLinkCheck =
  | { readonly kind: 'valid'; readonly grant: PortalGrant }
  /** Signed by this server but past its expiry: whose it was is known, nothing is allowed. */
  | { readonly kind: 'expired'; readonly grant: PortalGrant }
  | { readonly kind: 'invalid' };

const VERSION = 'p1';
const MAC_BYTES = 32;

interface SignedPayload {
  readonly u: string;
  readonly e: string;
  /** Expiry, seconds since the epoch. */
  readonly x: number;
  /** Makes two links minted in the same second differ. */
  readonly n: string;
}

/**
 * Portal links are signed, not stored (decision 140): `p1.<payload>.<HMAC-SHA256(secret, "p1.<payload>")>`, both
 * parts base64url. Nothing about a link is kept on the server, so any gateway replica with the same secret
 * checks it, and rotating the secret ends every link at once.
 */
export class PortalLinkSigner {
  constructor(private readonly secret: string) {
    if (secret.length < 32) throw new Error('The portal link secret must be at least 32 characters');
  }

  sign(grant: PortalGrant): string {
    const payload: SignedPayload = {
      u: grant.userId,
      e: grant.endUserId,
      x: Math.floor(grant.expiresAt.getTime() / 1000),
      n: randomBytes(9).toString('base64url'),
    };
    const body = `${VERSION}.${Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')}`;
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  /** Checks the signature first: nothing in a token that fails it is read, not even its expiry. */
  verify(token: string, now: Date): PortalLinkCheck {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== VERSION) return { kind: 'invalid' };
    const body = `${parts[0]}.${parts[1]}`;
    const presented = Buffer.from(parts[2] ?? '', 'base64url');
    if (presented.length !== MAC_BYTES || !timingSafeEqual(presented, this.mac(body)))
      return { kind: 'invalid' };
    const payload = parsePayload(parts[1] ?? '');
    if (!payload) return { kind: 'invalid' };
    const grant = { userId: payload.u, endUserId: payload.e, expiresAt: new Date(payload.x * 1000) };
    return grant.expiresAt.getTime() <= now.getTime() ? { kind: 'expired', grant } : { kind: 'valid', grant };
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.secret).update(body, 'utf8').digest();
  }
}

function parsePayload(encoded: string): SignedPayload | null {
  try {
    const value = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Partial<SignedPayload>;
    if (typeof value.u !== 'string' || typeof value.e !== 'string' || typeof value.x !== 'number')
      return null;
    if (value.u === '' || value.e === '' || !Number.isFinite(value.x)) return null;
    return { u: value.u, e: value.e, x: value.x, n: String(value.n ?? '') };
  } catch {
    return null;
  }
}
