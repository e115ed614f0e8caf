/**
 * Billing rules shared by the server and the web app (browser-safe: no imports). Money is integer cents;
 * token prices are kept in micro-cents (1e-6 cent) so that a single call's price is still an integer.
 */

/** The exactly five reasons a subscription check can fail with (docs/requirements/rest-gateway.md, Subscription check). */
export const SUBSCRIPTION_REASONS = [
  'user_not_found',
  'inactive_account',
  'insufficient_balance',
  'free_tier_limit_reached',
  'validation_error',
] as const;
export type SubscriptionReason = (typeof SUBSCRIPTION_REASONS)[number];

export function isSubscriptionReason(value: unknown): value is SubscriptionReason {
  return typeof value === 'string' && (SUBSCRIPTION_REASONS as readonly string[]).includes(value);
}

/** What the edges say when they refuse a call for a reason (the screens show the spec's dialog texts). */
export const SUBSCRIPTION_REASON_MESSAGES: Record<SubscriptionReason, string> = {
  user_not_found: 'No subscription was found for this account.',
  inactive_account: 'Your subscription is inactive.',
  insufficient_balance: 'Your balance is too low for this call. Please add funds.',
  free_tier_limit_reached: 'You have used every conversation your plan includes this month.',
  validation_error: 'The subscription could not be checked. Please try again.',
};

/** The subscription check is cached per user for 5 minutes (spec section 5). */
export const SUBSCRIPTION_CHECK_CACHE_MS = 300_000;

/** Add Funds: $1 to $1,000 (docs/requirements/product-decisions.md), in cents. */
export const ADD_FUNDS_MIN_CENTS = 100;
export const ADD_FUNDS_MAX_CENTS = 100_000;
export const ADD_FUNDS_DEFAULT_DOLLARS = 5;
export const ADD_FUNDS_RANGE_MESSAGE = 'The amount must be between $1 and $1,000.';

/** A monthly spend cap on an API key: at most $100,000 (cents). */
export const SPEND_CAP_MAX_CENTS = 10_000_000;

/** The endpoints that are metered, named as the spec's usage tracking names them. */
export const METERED_ENDPOINTS = {
  chat: '/chat',
  memoryList: '/memories',
  memorySearch: '/search',
  memoryDelete: '/delete',
} as const;
export type MeteredEndpoint = (typeof METERED_ENDPOINTS)[keyof typeof METERED_ENDPOINTS];

/** The method the usage log records for each endpoint, whichever edge served it (spec section 7). */
export const METERED_ENDPOINT_METHODS = {
  '/chat': 'POST',
  '/memories': 'GET',
  '/search': 'GET',
  '/delete': 'DELETE',
} as const satisfies Record<MeteredEndpoint, string>;

/**
 * Where the payment provider posts its notifications (Stripe's webhook URL is `<public origin>` + this).
 * The edge keeps this path's body raw: the signature is over the exact bytes.
 */
export const PAYMENT_WEBHOOK_PATH = '/api/payments/webhook';

/** Response headers of every metered REST call. */
export const TOKENS_HEADER = 'X-Membolt-Tokens';
export const COST_CENTS_HEADER = 'X-Membolt-Cost-Cents';

const encoder = new TextEncoder();
/** Most UTF-8 bytes a text of up to 1 MB takes (3 a UTF-16 unit); a longer one is encoded apart. */
const COUNTING_BUFFER_BYTES = 3 * 1024 * 1024;
let countingBuffer: Uint8Array | null = null;

/** The UTF-8 length of `text`, without a new array per call for texts of up to 1 MB. */
function utf8Length(text: string): number {
  if (text.length * 3 > COUNTING_BUFFER_BYTES) return encoder.encode(text).length;
  // The buffer grows with the longest text counted, up to the bound above.
  if (!countingBuffer || countingBuffer.length < text.length * 3)
    countingBuffer = new Uint8Array(Math.min(COUNTING_BUFFER_BYTES, Math.max(4096, text.length * 6)));
  return encoder.encodeInto(text, countingBuffer).written;
}

/**
 * Tokens processed by a call (decision 046): the UTF-8 bytes of what the call received (its input, as JSON)
 * and what it answered (its output, as JSON), divided by 4 and rounded up; at least 1. The same function
 * counts every edge and every service, so a developer can recompute it from what they sent and got.
 */
export function countTokensProcessed(input: unknown, output: unknown): number {
  return tokensOfJson(tokenJsonOf(input), tokenJsonOf(output));
}

/** `countTokensProcessed` of an input and output already in their JSON form (`tokenJsonOf`). */
export function tokensOfJson(inputJson: string, outputJson: string): number {
  return Math.max(1, Math.ceil((utf8Length(inputJson) + utf8Length(outputJson)) / 4));
}

/** The text a value's tokens are counted on: a string as it is, anything else as JSON, nothing as ''. */
export function tokenJsonOf(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** The price of `tokens` at `centsPerMillionTokens`, in micro-cents (exact integer). */
export function tokenCostMicrocents(tokens: number, centsPerMillionTokens: number): number {
  return tokens * centsPerMillionTokens;
}

/** Micro-cents as a cents string with 6 decimals ("0.003600"): the X-Membolt-Cost-Cents header value. */
export function formatMicrocents(microcents: number): string {
  const whole = Math.floor(microcents / 1_000_000);
  const fraction = String(microcents % 1_000_000).padStart(6, '0');
  return `${whole}.${fraction}`;
}

/** The first instant of the calendar month (UTC) that contains `at`: when monthly usage resets. */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The first instant of the next calendar month (UTC): when the plan renews. */
export function nextMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}
