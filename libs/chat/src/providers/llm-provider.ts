import type { LlmProviderId } from '@membolt/contracts';

/** One message of a provider call (the system prompt travels apart: each protocol places it differently). */
export interface LlmMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

export interface LlmChatRequest {
  /** The provider's own model id. */
  readonly model: string;
  readonly system: string;
  /** Oldest first, the last one the user's. */
  readonly messages: readonly LlmMessage[];
  readonly maxOutputTokens: number;
  readonly temperature?: number;
  /** Ask for a JSON answer matching this schema (fact extraction). */
  readonly jsonSchema?: { readonly name: string; readonly schema: Readonly<Record<string, unknown>> };
}

export type LlmStreamEvent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'usage'; readonly inputTokens: number; readonly outputTokens: number };

/** A language-model provider behind one port: streaming first (a whole answer is the stream collected). */
export interface LlmProvider {
  readonly id: LlmProviderId;
  /**
   * Streams the answer. Fails with a ChatError (bad key, quota, model, overloaded, other) after the retries;
   * aborting `signal` stops the provider's request.
   */
  stream(request: LlmChatRequest, signal?: AbortSignal): AsyncIterable<LlmStreamEvent>;
}

/** What it takes to call a provider: the operator's configuration or a user's own key. */
export interface LlmCredentials {
  readonly provider: LlmProviderId;
  readonly apiKey: string;
  /** Another server speaking the protocol (required for `openai-compatible`). */
  readonly baseUrl: string | null;
}

export interface LlmCallPolicy {
  /** Longest wait for the provider's answer to start, and between two chunks. */
  readonly timeoutMs: number;
  /** Retries on 429 and 5xx (and unreachable), before the first token only. */
  readonly maxRetries: number;
  /** First backoff; doubled each retry (a Retry-After the provider sends wins, up to maxBackoffMs). */
  readonly retryBaseMs: number;
  readonly maxBackoffMs: number;
}

export const DEFAULT_LLM_CALL_POLICY: LlmCallPolicy = {
  timeoutMs: 60_000,
  maxRetries: 2,
  retryBaseMs: 500,
  maxBackoffMs: 8_000,
};

/** Collects a whole answer from the stream. */
export async function completeText(
  provider: LlmProvider,
  request: LlmChatRequest,
  signal?: AbortSignal,
): Promise<{ text: string; inputTokens: number; outputTokens: number }> {
  let text = '';
  let inputTokens = 0;
  let outputTokens = 0;
  for await (const event of provider.stream(request, signal)) {
    if (event.type === 'text') text += event.text;
    else ({ inputTokens, outputTokens } = event);
  }
  return { text, inputTokens, outputTokens };
}
