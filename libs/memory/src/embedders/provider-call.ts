import { CommonError, CommonErrorCode } from '@membolt/contracts';

/** How a provider embedder batches, waits and retries; the defaults suit the hosted APIs. */
export interface ProviderCallSettings {
  /** Texts per request (OpenAI accepts up to 2048 inputs; Gemini up to 100 per batch). */
  readonly batchSize: number;
  /** One request's limit, in milliseconds. */
  readonly timeoutMs: number;
  /** Retries after the first attempt, for 429, 5xx, timeouts and refused connections only. */
  readonly maxRetries: number;
  /** First backoff; doubled on each retry, with jitter, capped at 8 s (a Retry-After header wins). */
  readonly backoffMs: number;
}

export const DEFAULT_PROVIDER_CALL_SETTINGS: ProviderCallSettings = {
  batchSize: 96,
  timeoutMs: 30_000,
  maxRetries: 3,
  backoffMs: 500,
};

/** What went wrong with a provider call, whatever the SDK: an HTTP status, or none when unreachable. */
export interface ProviderFailure {
  readonly status: number | null;
  readonly detail: string;
  readonly retryAfterMs: number | null;
}

const MAX_BACKOFF_MS = 8_000;

export function isRetryable(failure: ProviderFailure): boolean {
  return failure.status === null || failure.status === 408 || failure.status === 429 || failure.status >= 500;
}

/** Runs one provider request, retrying transient failures with exponential backoff. */
export async function withRetries<T>(
  settings: ProviderCallSettings,
  call: () => Promise<T>,
  classify: (error: unknown) => ProviderFailure,
  describe: (failure: ProviderFailure) => CommonError,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const failure = classify(error);
      if (!isRetryable(failure) || attempt >= settings.maxRetries) throw describe(failure);
      const backoff = Math.min(MAX_BACKOFF_MS, settings.backoffMs * 2 ** attempt);
      const wait = failure.retryAfterMs ?? backoff * (0.75 + Math.random() * 0.5);
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, MAX_BACKOFF_MS)));
    }
  }
}

/** The clear message an operator reads when the configured embedding provider fails. */
export function providerError(provider: string, model: string, failure: ProviderFailure): CommonError {
  const detail = failure.detail ? ` (${failure.detail.slice(0, 200)})` : '';
  const message = providerMessage(provider, model, failure.status, detail);
  return new CommonError(CommonErrorCode.ServiceUnavailable, message);
}

export function retryAfterMs(value: string | null | undefined): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function providerMessage(provider: string, model: string, status: number | null, detail: string): string {
  if (status === null) {
    return `The ${provider} embedding service is unreachable${detail}. Check EMBEDDER_BASE_URL and the network.`;
  }
  if (status === 401 || status === 403) {
    return `The ${provider} embedding service refused the API key${detail}. Check EMBEDDER_API_KEY.`;
  }
  if (status === 404) {
    return `The ${provider} embedding model "${model}" was not found${detail}. Check EMBEDDER_MODEL.`;
  }
  if (status === 429) {
    return `The ${provider} embedding quota or rate limit is exhausted${detail}. Try again later or raise the quota.`;
  }
  if (status >= 500) {
    return `The ${provider} embedding service failed with status ${status}${detail}. Try again shortly.`;
  }
  return `The ${provider} embedding service rejected the request with status ${status}${detail}.`;
}
