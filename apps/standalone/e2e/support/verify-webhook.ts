// The verification snippet of docs/rest-api.md (Webhooks), verbatim: the e2e test checks real deliveries with it.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function verifyMemboltWebhook(secret: string, rawBody: string, header: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false; // 5-minute replay window
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
