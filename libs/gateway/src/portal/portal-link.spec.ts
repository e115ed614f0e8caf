import { describe, expect, it } from '@jest/globals';
import { PortalLinkSigner } from './portal-link.js';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const NOW = new Date('2031-03-01T10:00:00.000Z');
const grant = { userId: 'user-1', endUserId: 'customer-42', expiresAt: new Date('2031-03-01T10:15:00.000Z') };

describe('PortalLinkSigner', () => {
  const signer = new PortalLinkSigner(SECRET);

  it('answers the grant of a link it signed until the link expires', () => {
    const token = signer.sign(grant);
    expect(token).toMatch(/^p1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(signer.verify(token, NOW)).toEqual({ kind: 'valid', grant });
    expect(signer.verify(token, grant.expiresAt)).toEqual({ kind: 'expired', grant });
  });

  it('mints a different token each time for the same grant', () => {
    expect(signer.sign(grant)).not.toBe(signer.sign(grant));
  });

  it('refuses a link whose payload was changed (another end user), even with a later expiry', () => {
    const [version, payload, mac] = signer.sign(grant).split('.');
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(JSON.stringify({ ...decoded, e: 'customer-43' }), 'utf8').toString(
      'base64url',
    );
    expect(signer.verify(`${version}.${forged}.${mac}`, NOW)).toEqual({ kind: 'invalid' });
  });

  it('refuses a link signed with another secret, and anything that is not a link', () => {
    const other = new PortalLinkSigner(`${SECRET}-other`).sign(grant);
    expect(signer.verify(other, NOW)).toEqual({ kind: 'invalid' });
    for (const token of ['', 'p1', 'p1..', 'p2.a.b', `${signer.sign(grant)}x`, 'p1.bm90IGpzb24.AAAA'])
      expect(signer.verify(token, NOW)).toEqual({ kind: 'invalid' });
  });

  it('refuses a short secret', () => {
    expect(() => new PortalLinkSigner('short')).toThrow('at least 32 characters');
  });
});
