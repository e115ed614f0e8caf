import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestContext {
  readonly correlationId: string;
  readonly userId?: string;
  /** The API key the edge authenticated, when the call came with one: a key may override the privacy policy. */
  readonly apiKeyId?: string;
}

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
};

const CORRELATION_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** Accepts a caller's correlation id only when it is well-formed; otherwise starts a new one. */
export function correlationIdFrom(candidate: unknown): string {
  return typeof candidate === 'string' && CORRELATION_ID_PATTERN.test(candidate) ? candidate : randomUUID();
}
