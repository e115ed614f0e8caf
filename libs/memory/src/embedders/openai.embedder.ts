import OpenAI, { APIConnectionError, APIError } from 'openai';

import { type Embedder } from '../ports/embedder.js';
import { fitDimension } from '../retrieval/fit-dimension.js';
import {
  chunk,
  DEFAULT_PROVIDER_CALL_SETTINGS,
  type ProviderCallSettings,
  type ProviderFailure,
  providerError,
  retryAfterMs,
  withRetries,
} from './provider-call.js';

export interface OpenAiEmbedderOptions {
  /** `openai` (api.openai.com) or `openai-compatible` (Ollama, vLLM, LM Studio... at `baseUrl`). */
  readonly provider: 'openai' | 'openai-compatible';
  readonly model: string;
  readonly dimension: number;
  readonly apiKey?: string | undefined;
  readonly baseUrl?: string | undefined;
  /**
   * Send `dimensions` so the model answers the configured size itself (text-embedding-3-* support it;
   * most OpenAI-compatible servers do not, and their vectors are fitted instead).
   */
  readonly requestDimensions: boolean;
  readonly call?: Partial<ProviderCallSettings>;
}

/** OpenAI's embeddings API, and any server speaking it, through the official `openai` SDK. */
export class OpenAiEmbedder implements Embedder {
  readonly model: string;
  readonly dimension: number;
  private readonly client: OpenAI;
  private readonly settings: ProviderCallSettings;
  private readonly label: string;

  constructor(private readonly options: OpenAiEmbedderOptions) {
    this.model = `${options.provider}:${options.model}`;
    this.dimension = options.dimension;
    this.settings = { ...DEFAULT_PROVIDER_CALL_SETTINGS, ...options.call };
    this.label = options.provider === 'openai' ? 'OpenAI' : 'OpenAI-compatible';
    this.client = new OpenAI({
      // Local servers (Ollama) take no key, but the SDK insists on one.
      apiKey: options.apiKey ?? 'no-key',
      baseURL: options.baseUrl,
      timeout: this.settings.timeoutMs,
      maxRetries: 0, // our own retry loop, so every provider backs off the same way
    });
  }

  async embed(texts: readonly string[], _purpose: 'document' | 'query'): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (const batch of chunk(texts, this.settings.batchSize)) {
      const response = await withRetries(
        this.settings,
        () =>
          this.client.embeddings.create({
            model: this.options.model,
            input: batch,
            encoding_format: 'float',
            ...(this.options.requestDimensions ? { dimensions: this.dimension } : {}),
          }),
        classifyOpenAiError,
        (failure) => providerError(this.label, this.options.model, failure),
      );
      const vectors = [...response.data].sort((a, b) => a.index - b.index);
      if (vectors.length !== batch.length) {
        throw providerError(this.label, this.options.model, {
          status: 502,
          detail: `answered ${vectors.length} embeddings for ${batch.length} texts`,
          retryAfterMs: null,
        });
      }
      for (const item of vectors) out.push(fitDimension(item.embedding, this.dimension));
    }
    return out;
  }
}

function classifyOpenAiError(error: unknown): ProviderFailure {
  if (error instanceof APIConnectionError) return { status: null, detail: error.message, retryAfterMs: null };
  if (error instanceof APIError) {
    const body = error.error as { message?: unknown } | undefined;
    const detail = typeof body?.message === 'string' ? body.message : error.message;
    return {
      status: error.status ?? null,
      detail,
      retryAfterMs: retryAfterMs(error.headers?.get('retry-after')),
    };
  }
  return { status: null, detail: error instanceof Error ? error.message : String(error), retryAfterMs: null };
}
