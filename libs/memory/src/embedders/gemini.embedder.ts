import { ApiError, GoogleGenAI } from '@google/genai';

import { type Embedder } from '../ports/embedder.js';
import { fitDimension } from '../retrieval/fit-dimension.js';
import {
  chunk,
  DEFAULT_PROVIDER_CALL_SETTINGS,
  type ProviderCallSettings,
  type ProviderFailure,
  providerError,
  withRetries,
} from './provider-call.js';

export interface GeminiEmbedderOptions {
  readonly model: string;
  readonly dimension: number;
  readonly apiKey: string;
  /** Another endpoint than Google's (a proxy, or a test server). */
  readonly baseUrl?: string | undefined;
  readonly call?: Partial<ProviderCallSettings>;
  /** The fetch the SDK calls (default: its own, the platform's); a test or a proxy agent may pass one. */
  readonly fetch?: typeof fetch;
}

/** Google's Gemini embeddings through the official `@google/genai` SDK. */
export class GeminiEmbedder implements Embedder {
  readonly model: string;
  readonly dimension: number;
  private readonly client: GoogleGenAI;
  private readonly settings: ProviderCallSettings;

  constructor(private readonly options: GeminiEmbedderOptions) {
    this.model = `gemini:${options.model}`;
    this.dimension = options.dimension;
    this.settings = {
      ...DEFAULT_PROVIDER_CALL_SETTINGS,
      batchSize: 100, // batchEmbedContents' limit
      ...options.call,
    };
    this.client = new GoogleGenAI({
      apiKey: options.apiKey,
      httpOptions: {
        timeout: this.settings.timeoutMs,
        ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
        retryOptions: { attempts: 1 }, // our own retry loop
        ...(options.fetch ? { fetch: options.fetch } : {}),
      },
    });
  }

  async embed(texts: readonly string[], purpose: 'document' | 'query'): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (const batch of chunk(texts, this.settings.batchSize)) {
      const response = await withRetries(
        this.settings,
        () =>
          this.client.models.embedContent({
            model: this.options.model,
            contents: batch,
            config: {
              taskType: purpose === 'query' ? 'RETRIEVAL_QUERY' : 'RETRIEVAL_DOCUMENT',
              outputDimensionality: this.dimension,
            },
          }),
        classifyGeminiError,
        (failure) => providerError('Gemini', this.options.model, failure),
      );
      const embeddings = response.embeddings ?? [];
      if (embeddings.length !== batch.length || embeddings.some((item) => !item.values?.length)) {
        throw providerError('Gemini', this.options.model, {
          status: 502,
          detail: `answered ${embeddings.length} embeddings for ${batch.length} texts`,
          retryAfterMs: null,
        });
      }
      for (const item of embeddings) out.push(fitDimension(item.values ?? [], this.dimension));
    }
    return out;
  }
}

function classifyGeminiError(error: unknown): ProviderFailure {
  if (error instanceof ApiError) return { status: error.status, detail: error.message, retryAfterMs: null };
  // fetch failures (refused, reset, aborted by the timeout) carry no status.
  return { status: null, detail: error instanceof Error ? error.message : String(error), retryAfterMs: null };
}
