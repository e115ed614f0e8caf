import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestContext {
  readonly correlationId: string;
  readonly userId?: string;
  /** The API key the edge authenticated, when the call came with one: a key may override the privacy policy. */
  readonly apiKeyId?: string;
}

/** The store as `actAs` completes it: only the request's own store is ever changed, and only there. */
type OwnedRequestContext = { -readonly [K in keyof RequestContext]: RequestContext[K] };

const storage = new AsyncLocalStorage<RequestContext>();

/** Carries the correlation id (and acting user) of the current request through async code. */
export const requestContext = {
  run<T>(context: RequestContext, fn: () => T): T {
    return storage.run(context, fn);
  },
  current(): RequestContext | undefined {
    return storage.getStore();
  },
  correlationId(): string | undefined {
    return storage.getStore()?.correlationId;
  },
  /**
   * Makes `owner` the acting user of the rest of the current request: every log line and bus call from here
   * on carries it. An edge's first hook runs each request in a context of its own, so this reaches what
   * `run` around the rest of the request would reach, without a callback (and, in Nest, an interceptor's
   * chain of observables) to run it in. Answers false, changing nothing, outside any request context.
   */
  actAs(owner: { readonly userId: string; readonly apiKeyId?: string }): boolean {
    const context = storage.getStore() as OwnedRequestContext | undefined;
    if (!context) return false;
    context.userId = owner.userId;
    if (owner.apiKeyId === undefined) delete context.apiKeyId;
    else context.apiKeyId = owner.apiKeyId;
    return true;
  },
  /**
   * Keeps `value` under `key` (a library's own symbol) for the rest of the current request, as `actAs` keeps
   * the owner; `attached(key)` reads it back. On the request's context itself: a WeakMap keyed by the
   * context, one new key per request, cost the garbage collector more than the rest of the request's
   * bookkeeping. Answers false, changing nothing, outside any request context.
   */
  attach(key: symbol, value: unknown): boolean {
    const context = storage.getStore() as (RequestContext & Record<symbol, unknown>) | undefined;
    if (!context) return false;
    context[key] = value;
    return true;
  },
  attached(key: symbol): unknown {
    return (storage.getStore() as (RequestContext & Record<symbol, unknown>) | undefined)?.[key];
  },
};

const CORRELATION_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** Accepts a caller's correlation id only when it is well-formed; otherwise starts a new one. */
export function correlationIdFrom(candidate: unknown): string {
  return typeof candidate === 'string' && CORRELATION_ID_PATTERN.test(candidate) ? candidate : randomUUID();
}
