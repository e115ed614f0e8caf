import { createHash, randomBytes } from 'node:crypto';

/** An opaque bearer secret: 32 random bytes, base64url. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How secrets are stored: their SHA-256 (a leaked table cannot be replayed). */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}
