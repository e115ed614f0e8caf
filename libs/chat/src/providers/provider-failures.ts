import { ChatError, type LlmProviderId } from '@membolt/contracts';
import {
  providerAuthFailed,
  providerFailed,
  providerModelNotFound,
  providerQuotaExceeded,
  providerUnavailable,
} from '../chat.errors.js';
import type { LlmCallPolicy, LlmStreamEvent } from './llm-provider.js';

/** What the SDKs' errors have in common: an HTTP status, the response headers, a message. */
interface HttpishError {
  readonly status?: unknown;
  readonly headers?: unknown;
  readonly message?: unknown;
  readonly name?: unknown;
}

export function statusOf(error: unknown): number | null {
  const status = (error as HttpishError | null)?.status;
  return typeof status === 'number' && status >= 100 ? status : null;
}

function retryAfterMs(error: unknown): number | null {
  const headers = (error as HttpishError | null)?.headers;
  let value: string | null | undefined;
  if (headers && typeof (headers as Headers).get === 'function')
    value = (headers as Headers).get('retry-after');
  else if (headers && typeof headers === 'object')
    value = (headers as Record<string, string | undefined>)['retry-after'];
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** The provider's own words, without the SDK's "429 " prefixes and JSON noise. */
function providerMessage(error: unknown): string | null {
  const body = (error as { error?: unknown } | null)?.error;
  const nested =
    body && typeof body === 'object'
      ? ((body as { message?: unknown; error?: { message?: unknown } }).error?.message ??
        (body as { message?: unknown }).message)
      : undefined;
  if (typeof nested === 'string' && nested) return nested;
  const message = (error as HttpishError | null)?.message;
  if (typeof message !== 'string' || !message) return null;
  // @google/genai puts the JSON body into the message.
  const json = message.indexOf('{');
  if (json >= 0) {
    try {
      const parsed = JSON.parse(message.slice(json)) as { error?: { message?: unknown } };
      if (typeof parsed.error?.message === 'string') return parsed.error.message;
    } catch {
      // not JSON: keep the message as it is
    }
  }
  return message.replace(/^\d{3}\s+/, '');
}

/** One exhaustive mapping of a provider failure to the chat error the user reads. */
function toProviderError(provider: LlmProviderId, model: string, error: unknown): ChatError {
  if (error instanceof ChatError) return error;
  const status = statusOf(error);
  const message = providerMessage(error);
  if (status === null) return providerUnavailable(provider, message);
  if (status === 401 || status === 403) return providerAuthFailed(provider, message);
  if (status === 429) return providerQuotaExceeded(provider, message);
  if (status === 404) return providerModelNotFound(provider, model);
  if (status === 408 || status >= 500) return providerUnavailable(provider, message);
  return providerFailed(provider, message);
}

function isRetryable(error: unknown): boolean {
  const status = statusOf(error);
  return status === null || status === 408 || status === 429 || status >= 500;
}

function abortError(signal: AbortSignal): Error {
  if (signal.reason instanceof Error) return signal.reason;
  const error = new Error('The request was aborted.');
  error.name = 'AbortError';
  return error;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(abortError(signal));
      },
      { once: true },
    );
  });

/** The provider sent nothing for `timeoutMs` (before the answer started, or between two chunks). */
class ProviderTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = 'ProviderTimeoutError';
  }
}

/**
 * Opens the provider's stream with retries: a 429, a 5xx, a timeout or an unreachable provider is tried
 * again after an exponential backoff (or the provider's Retry-After, up to maxBackoffMs), as long as no
 * token has been passed on (a half-streamed answer cannot be taken back). Each attempt gets its own abort
 * signal, fired by the caller's, by `timeoutMs` of silence, or when the caller stops reading. Every failure
 * leaves as the mapped ChatError; the caller's abort leaves as it came.
 */
export async function* withRetries(
  provider: LlmProviderId,
  model: string,
  policy: LlmCallPolicy,
  open: (signal: AbortSignal) => AsyncIterable<LlmStreamEvent>,
  signal?: AbortSignal,
): AsyncGenerator<LlmStreamEvent> {
  for (let attempt = 0; ; attempt++) {
    let started = false;
    let timedOut = false;
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    let idle: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, policy.timeoutMs);
    };
    try {
      if (signal?.aborted) throw abortError(signal);
      arm();
      for await (const event of open(controller.signal)) {
        started = true;
        clearTimeout(idle);
        yield event;
        arm();
      }
      // Some SDKs end the iteration quietly when aborted: the caller must still learn it was cut short.
      if (signal?.aborted) throw abortError(signal);
      return;
    } catch (caught) {
      if (signal?.aborted) throw caught;
      const error = timedOut ? new ProviderTimeoutError(policy.timeoutMs) : caught;
      if (started || attempt >= policy.maxRetries || !isRetryable(error)) {
        throw toProviderError(provider, model, error);
      }
      const backoff = retryAfterMs(error) ?? policy.retryBaseMs * 2 ** attempt;
      await sleep(Math.min(backoff, policy.maxBackoffMs), signal);
    } finally {
      clearTimeout(idle);
      signal?.removeEventListener('abort', onAbort);
      // Closes the HTTP request when the caller stopped reading early.
      controller.abort();
    }
  }
}
