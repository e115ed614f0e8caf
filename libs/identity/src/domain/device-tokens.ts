import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A browser that has signed in to an account before holds a device token for it (an httpOnly cookie set by
 * the BFF). It is a random device id with an HMAC over the id and the account's e-mail, so the server keeps
 * no table and a token for one account says nothing about another. Sign-in throttling trusts it: failures
 * made by other addresses cannot lock out the owner's own browser.
 */
export class DeviceTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own, derived from the access-token secret: a device token can never pass as anything else.
    this.key = createHmac('sha256', secret).update('membolt device token v1').digest();
  }

  issue(email: string): string {
    const deviceId = randomBytes(16).toString('base64url');
    return `${deviceId}.${this.mac(deviceId, email)}`;
  }

  /** The device id when the token was issued for this e-mail, else null. */
  verify(token: string | undefined, email: string): string | null {
    if (!token) return null;
    const [deviceId, mac, ...rest] = token.split('.');
    if (!deviceId || !mac || rest.length > 0) return null;
    const expected = Buffer.from(this.mac(deviceId, email));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
  }

  private mac(deviceId: string, email: string): string {
    return createHmac('sha256', this.key).update(`${deviceId}\n${email.toLowerCase()}`).digest('base64url');
  }
}
