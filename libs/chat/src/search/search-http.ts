import { webSearchFailed } from '../chat.errors.js';

/** One JSON call to a search provider; any refusal, timeout or unreadable answer becomes `web_search_failed`. */
export async function fetchSearchJson<T>(
  provider: string,
  url: URL,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<T> {
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw webSearchFailed(
      provider,
      null,
      timeout.aborted ? `no answer within ${timeoutMs} ms` : String((error as Error).message),
    );
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw webSearchFailed(provider, response.status, messageOf(text));
  }
  try {
    return (await response.json()) as T;
  } catch {
    throw webSearchFailed(provider, response.status, 'the answer is not JSON');
  }
}

function messageOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown; detail?: unknown };
    const candidate =
      (typeof parsed.error === 'object' && parsed.error !== null
        ? ((parsed.error as { detail?: unknown; message?: unknown }).detail ??
          (parsed.error as { message?: unknown }).message)
        : parsed.error) ??
      parsed.message ??
      parsed.detail;
    return typeof candidate === 'string' ? candidate : null;
  } catch {
    return body.trim().slice(0, 200) || null;
  }
}

/** Brave wraps matched words in <strong>. */
export const stripTags = (text: string): string => text.replace(/<[^>]+>/g, '');
