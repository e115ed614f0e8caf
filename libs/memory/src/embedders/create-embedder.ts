import { z } from 'zod';

import { DEFAULT_EMBEDDING_DIMENSION, MAX_EMBEDDING_DIMENSION } from '@membolt/contracts/rules';

import { type Embedder } from '../ports/embedder.js';
import { HashedTfidfEmbedder } from './hashed-tfidf.embedder.js';
import { type ProviderCallSettings } from './provider-call.js';

const EMBEDDER_KINDS = ['offline', 'openai', 'gemini', 'openai-compatible'] as const;
type EmbedderKind = (typeof EMBEDDER_KINDS)[number];

/** Each provider's model when EMBEDDER_MODEL is not set (openai-compatible has none: it must be named). */
const DEFAULT_EMBEDDER_MODELS: Readonly<
  Record<Exclude<EmbedderKind, 'offline' | 'openai-compatible'>, string>
> = {
  openai: 'text-embedding-3-small',
  gemini: 'gemini-embedding-001',
};

/** The embedder's environment variables, to spread into an app's `z.object` (see libs/platform config). */
export const embedderConfigFields = {
  EMBEDDER: z.enum(EMBEDDER_KINDS).default('offline'),
  EMBEDDER_MODEL: z.string().trim().min(1).max(200).optional(),
  EMBEDDER_API_KEY: z.string().min(1).optional(),
  EMBEDDER_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  EMBEDDING_DIMENSION: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_EMBEDDING_DIMENSION)
    .default(DEFAULT_EMBEDDING_DIMENSION),
};

/** The embedder's config values, validated by `embedderConfigFields`. */
export interface EmbedderConfigValues {
  readonly EMBEDDER: EmbedderKind;
  readonly EMBEDDER_MODEL?: string | undefined;
  readonly EMBEDDER_API_KEY?: string | undefined;
  readonly EMBEDDER_BASE_URL?: string | undefined;
  readonly EMBEDDING_DIMENSION: number;
}

export type EmbedderOptions =
  | { readonly kind: 'offline'; readonly dimension: number }
  | {
      readonly kind: 'openai' | 'openai-compatible';
      readonly model: string;
      readonly dimension: number;
      readonly apiKey?: string | undefined;
      readonly baseUrl?: string | undefined;
      readonly call?: Partial<ProviderCallSettings>;
    }
  | {
      readonly kind: 'gemini';
      readonly model: string;
      readonly dimension: number;
      readonly apiKey: string;
      readonly baseUrl?: string | undefined;
      readonly call?: Partial<ProviderCallSettings>;
    };

/**
 * Embedder options from a validated config. Throws an Error naming the variable when a provider lacks what
 * it needs (boot fails fast): OpenAI and Gemini need EMBEDDER_API_KEY; openai-compatible needs
 * EMBEDDER_BASE_URL and EMBEDDER_MODEL.
 */
export function toEmbedderOptions(config: EmbedderConfigValues): EmbedderOptions {
  const dimension = config.EMBEDDING_DIMENSION;
  switch (config.EMBEDDER) {
    case 'offline':
      return { kind: 'offline', dimension };
    case 'openai':
      return {
        kind: 'openai',
        model: config.EMBEDDER_MODEL ?? DEFAULT_EMBEDDER_MODELS.openai,
        dimension,
        apiKey: required(config.EMBEDDER_API_KEY, 'EMBEDDER_API_KEY', 'EMBEDDER=openai'),
        baseUrl: config.EMBEDDER_BASE_URL,
      };
    case 'openai-compatible':
      return {
        kind: 'openai-compatible',
        model: required(config.EMBEDDER_MODEL, 'EMBEDDER_MODEL', 'EMBEDDER=openai-compatible'),
        dimension,
        apiKey: config.EMBEDDER_API_KEY,
        baseUrl: required(config.EMBEDDER_BASE_URL, 'EMBEDDER_BASE_URL', 'EMBEDDER=openai-compatible'),
      };
    case 'gemini':
      return {
        kind: 'gemini',
        model: config.EMBEDDER_MODEL ?? DEFAULT_EMBEDDER_MODELS.gemini,
        dimension,
        apiKey: required(config.EMBEDDER_API_KEY, 'EMBEDDER_API_KEY', 'EMBEDDER=gemini'),
        baseUrl: config.EMBEDDER_BASE_URL,
      };
  }
}

/**
 * The configured embedder. A provider's module (and its SDK) is imported only when that provider is chosen,
 * so the offline default never loads the OpenAI or Gemini SDKs.
 */
export async function createEmbedder(options: EmbedderOptions): Promise<Embedder> {
  switch (options.kind) {
    case 'offline':
      return new HashedTfidfEmbedder(options.dimension);
    case 'openai':
    case 'openai-compatible': {
      const { OpenAiEmbedder } = await import('./openai.embedder.js');
      return new OpenAiEmbedder({
        provider: options.kind,
        model: options.model,
        dimension: options.dimension,
        apiKey: options.apiKey,
        baseUrl: options.baseUrl,
        // OpenAI's text-embedding-3 models answer any size asked; other servers answer their own.
        requestDimensions: options.kind === 'openai' && options.model.startsWith('text-embedding-3'),
        call: options.call,
      });
    }
    case 'gemini': {
      const { GeminiEmbedder } = await import('./gemini.embedder.js');
      return new GeminiEmbedder({
        model: options.model,
        dimension: options.dimension,
        apiKey: options.apiKey,
        baseUrl: options.baseUrl,
        call: options.call,
      });
    }
  }
}

function required(value: string | undefined, variable: string, because: string): string {
  if (!value) throw new Error(`${variable} is required when ${because}`);
  return value;
}
