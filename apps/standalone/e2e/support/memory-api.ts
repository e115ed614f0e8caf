import { expect } from '@jest/globals';
import { BusClient } from '@membolt/bus';
import { IdentitySubjects, KeysSubjects } from '@membolt/contracts';
import { randomUUID } from 'node:crypto';
import type { StandaloneUnderTest } from './standalone.js';

/** Generous gateway budgets: these suites make hundreds of calls per key and test no limit. */
export const UNLIMITED_GATEWAY = {
  GATEWAY_RATE_LIMIT_PER_MINUTE: '1000000',
  GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: '1000000',
} as const;

export interface ApiAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  readonly body: unknown;
}

export interface CallInit {
  readonly method?: string;
  /** Sent as JSON unless `raw` is given. */
  readonly body?: unknown;
  readonly raw?: { readonly text: string; readonly contentType?: string };
  /** Another key than the user's own (cross-tenant tests). */
  readonly key?: string;
  /** More request headers (e.g. `accept: text/event-stream`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A real account with a real key, and a way to call the REST API with that key. */
export interface ApiUser {
  readonly userId: string;
  readonly key: string;
  call(path: string, init?: CallInit): Promise<ApiAnswer>;
}

export async function callApi(
  baseUrl: string,
  key: string,
  path: string,
  init: CallInit = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...init.headers, 'X-API-Key': key };
  let body: string | undefined;
  if (init.raw) {
    body = init.raw.text;
    if (init.raw.contentType) headers['content-type'] = init.raw.contentType;
  } else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] = 'application/json';
  }
  const method = init.method ?? 'GET';
  const send = () => fetch(`${baseUrl}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    // The server and this client share one event loop: after a long synchronous stretch (embedding a batch) a
    // pooled keep-alive socket can be closed by the server as the next request goes out on it, before any
    // answer. A read is safe to send again; a write is not, so it fails the test.
    const reset = (error as { cause?: { code?: unknown } }).cause?.code === 'ECONNRESET';
    if (!reset || method !== 'GET') throw error;
    response = await send();
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

/** Signs a fresh account up over the bus (as the web app's sign-up does) and creates its key. */
export async function newApiUser(product: StandaloneUnderTest): Promise<ApiUser> {
  const bus = product.app.get(BusClient);
  const { user } = await bus.request(IdentitySubjects.signUp, {
    email: `${randomUUID()}@e2e.membolt.test`,
    name: 'Memory E2E',
    password: `e2e-${randomUUID()}`,
  });
  const created = await bus.request(KeysSubjects.create, { name: 'memory e2e' }, { userId: user.id });
  const key = created.secret;
  return {
    userId: user.id,
    key,
    call: (path, init = {}) => callApi(product.url, init.key ?? key, path, init),
  };
}

/** Asserts an error answer: status and exact `{error, message}` body. */
export function expectError(
  answer: ApiAnswer,
  status: number,
  error: string,
  message: string | RegExp,
): void {
  expect({ status: answer.status, error: (answer.body as { error?: unknown } | undefined)?.error }).toEqual({
    status,
    error,
  });
  const text = (answer.body as { message?: unknown }).message;
  if (typeof message === 'string') expect(text).toBe(message);
  else expect(text).toMatch(message);
}

/** Asserts a success answer and returns its body. */
export function ok<T = Record<string, unknown>>(answer: ApiAnswer, status = 200): T {
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${answer.text}`);
  return answer.body as T;
}

/** A vector of the configured dimension (1536 by default). */
export const vectorOf = (dimension = 1536, seed = 1): number[] =>
  Array.from({ length: dimension }, (_, index) => Math.sin(seed * (index + 1)));
