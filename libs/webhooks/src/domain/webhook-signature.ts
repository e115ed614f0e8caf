import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Membolt-Signature';
export const EVENT_ID_HEADER = 'Membolt-Event-Id';
export const EVENT_TYPE_HEADER = 'Membolt-Event';
/** Receivers refuse a signature older (or newer) than this: a captured request cannot be replayed later. */
export const REPLAY_WINDOW_SECONDS = 300;

/** A new endpoint's signing secret: `whsec_` and 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** The receiver's check (the snippet of docs/rest-api.md, Webhooks, does the same): right MAC, and a timestamp inside the window. */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > REPLAY_WINDOW_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, body, t).split('v1=')[1]!, 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
