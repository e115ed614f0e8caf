import { MEMORY_SEARCH_SENTENCE_LOAD_WAIT_MAX_MS } from '@membolt/contracts';
import { type JobsConfig, type JobsConfigValues, toJobsConfig } from '@membolt/jobs';
import {
  type CpuWorkerLimits,
  DEFAULT_CPU_WORKER_LIMITS,
  type StoreConfig,
  toStoreConfig,
} from '@membolt/platform';
import { z } from 'zod';
import {
  DEFAULT_LLM_CALL_POLICY,
  type LlmCallPolicy,
  type LlmCredentials,
} from './providers/llm-provider.js';
import type { WebSearchSettings } from './search/web-search-provider.js';

/** How facts are extracted after each exchange: by the model when one is configured, else by rules. */
export const EXTRACTION_MODES = ['auto', 'rules', 'off'] as const;
export type ExtractionMode = (typeof EXTRACTION_MODES)[number];

export interface ChatModuleOptions {
  readonly store: StoreConfig;
  /** The operator's providers (each with its key and, optionally, another base URL). */
  readonly providers?: readonly LlmCredentials[];
  /** Catalogue model id -> the provider's model id, where the operator maps one to another. */
  readonly modelMap?: Readonly<Record<string, string>>;
  /** Models of the operator's OpenAI-compatible server, added to the catalogue. */
  readonly compatibleModels?: readonly string[];
  readonly compatibleContextWindow?: number;
  /** The model used when a turn names none (default: the spec's claude-3-7-sonnet). */
  readonly defaultModelId?: string;
  readonly llmPolicy?: Partial<LlmCallPolicy>;
  readonly webSearch?: WebSearchSettings | null;
  readonly extraction?: ExtractionMode;
  /** The longest a turn waits for the sentence encoder's model to load, in ms (CHAT_SENTENCE_LOAD_WAIT_MS). */
  readonly sentenceLoadWaitMs?: number;
  /** The offline rules' worker thread: its heap cap, a task's deadline and how long it is kept idle. */
  readonly worker?: Partial<CpuWorkerLimits>;
  /** The durable queue of fact extraction (default: read from the environment by @membolt/jobs). */
  readonly jobs?: JobsConfig;
}

export interface ChatSettings {
  readonly providers: readonly LlmCredentials[];
  readonly modelMap: Readonly<Record<string, string>>;
  readonly compatibleModels: readonly string[];
  readonly compatibleContextWindow: number;
  readonly defaultModelId: string;
  readonly llmPolicy: LlmCallPolicy;
  readonly webSearch: WebSearchSettings | null;
  readonly extraction: ExtractionMode;
  readonly worker: CpuWorkerLimits;
  /**
   * The longest a turn's memory search waits for the sentence channel while the encoder's model loads, in
   * ms: past it the memories are ranked without it. Unset (in-process turns: tests, tools), the memory
   * service's own bound.
   */
  readonly sentenceLoadWaitMs?: number;
}

export const CHAT_SETTINGS = Symbol('CHAT_SETTINGS');
export const DEFAULT_COMPATIBLE_CONTEXT_WINDOW = 8192;
/**
 * Default of CHAT_SENTENCE_LOAD_WAIT_MS (decision 229). The memory service's sentence thread ends after
 * `MEMORY_WORKER_IDLE_SECONDS` without work, and the next personal search waits for USE-lite to load again
 * (1-3 s on a busy machine) up to the service's own 1.5 s: a user's turn after a minute's pause did. A turn
 * now waits that long at most and answers from the other channels, while the model goes on loading for the
 * next turns. A loaded model's query (12-20 ms of a core) is waited for as before: a turn that gave up on it
 * would be answered without the channel and gain nothing, since the encoding goes on and takes the cores
 * the rest of the turn needs.
 */
export const DEFAULT_CHAT_SENTENCE_LOAD_WAIT_MS = 250;

export function resolveChatSettings(options: ChatModuleOptions): ChatSettings {
  return {
    providers: options.providers ?? [],
    modelMap: options.modelMap ?? {},
    compatibleModels: options.compatibleModels ?? [],
    compatibleContextWindow: options.compatibleContextWindow ?? DEFAULT_COMPATIBLE_CONTEXT_WINDOW,
    defaultModelId: options.defaultModelId ?? 'claude-3-7-sonnet',
    llmPolicy: { ...DEFAULT_LLM_CALL_POLICY, ...options.llmPolicy },
    webSearch: options.webSearch ?? null,
    extraction: options.extraction ?? 'auto',
    worker: { ...DEFAULT_CPU_WORKER_LIMITS, ...options.worker },
    sentenceLoadWaitMs: options.sentenceLoadWaitMs ?? DEFAULT_CHAT_SENTENCE_LOAD_WAIT_MS,
  };
}

const optionalUrl = z
  .url()
  .regex(/^https?:\/\//, 'must be an http(s) URL')
  .optional();
const optionalSecret = z.string().min(1).optional();

/** `id=value,id=value` pairs (CHAT_MODEL_MAP). */
const modelMap = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const map: Record<string, string> = {};
    for (const pair of (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)) {
      const [id, target] = pair.split('=').map((part) => part.trim());
      if (!id || !target) {
        ctx.addIssue({ code: 'custom', message: `"${pair}" is not model=provider-model` });
        return z.NEVER;
      }
      map[id] = target;
    }
    return map;
  });

const modelList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** Environment fields of a process that runs the chat service (spread into its config schema). */
export const chatConfigFields = {
  ANTHROPIC_API_KEY: optionalSecret,
  ANTHROPIC_BASE_URL: optionalUrl,
  OPENAI_API_KEY: optionalSecret,
  OPENAI_BASE_URL: optionalUrl,
  GEMINI_API_KEY: optionalSecret,
  GEMINI_BASE_URL: optionalUrl,
  OPENAI_COMPATIBLE_BASE_URL: optionalUrl,
  OPENAI_COMPATIBLE_API_KEY: optionalSecret,
  OPENAI_COMPATIBLE_MODELS: modelList,
  OPENAI_COMPATIBLE_CONTEXT_WINDOW: z.coerce
    .number()
    .int()
    .min(512)
    .max(10_000_000)
    .default(DEFAULT_COMPATIBLE_CONTEXT_WINDOW),
  CHAT_MODEL_MAP: modelMap,
  CHAT_DEFAULT_MODEL: z.string().min(1).max(200).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_LLM_CALL_POLICY.timeoutMs),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(DEFAULT_LLM_CALL_POLICY.maxRetries),
  WEB_SEARCH_PROVIDER: z.enum(['brave', 'tavily', 'searxng']).optional(),
  BRAVE_SEARCH_API_KEY: optionalSecret,
  BRAVE_SEARCH_URL: optionalUrl,
  TAVILY_API_KEY: optionalSecret,
  TAVILY_URL: optionalUrl,
  SEARXNG_URL: optionalUrl,
  CHAT_EXTRACTION: z.enum(EXTRACTION_MODES).default('auto'),
  /** The longest a turn waits for the sentence encoder's model to load, in ms (0: not at all). */
  CHAT_SENTENCE_LOAD_WAIT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(MEMORY_SEARCH_SENTENCE_LOAD_WAIT_MAX_MS)
    .default(DEFAULT_CHAT_SENTENCE_LOAD_WAIT_MS),
  /** The heap of the thread that runs the offline rules, in MB. */
  CHAT_WORKER_MEMORY_MB: z.coerce
    .number()
    .int()
    .min(32)
    .max(16_384)
    .default(DEFAULT_CPU_WORKER_LIMITS.memoryMb),
  /** The longest one extraction may run on that thread. */
  CHAT_WORKER_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(DEFAULT_CPU_WORKER_LIMITS.timeoutMs / 1000),
};

/** The chat service's config values: `storeConfigFields` and `chatConfigFields`, validated. */
export interface ChatConfigValues extends JobsConfigValues {
  readonly DATA_DIR: string;
  readonly MONGO_URL?: string | undefined;
  readonly ANTHROPIC_API_KEY?: string | undefined;
  readonly ANTHROPIC_BASE_URL?: string | undefined;
  readonly OPENAI_API_KEY?: string | undefined;
  readonly OPENAI_BASE_URL?: string | undefined;
  readonly GEMINI_API_KEY?: string | undefined;
  readonly GEMINI_BASE_URL?: string | undefined;
  readonly OPENAI_COMPATIBLE_BASE_URL?: string | undefined;
  readonly OPENAI_COMPATIBLE_API_KEY?: string | undefined;
  readonly OPENAI_COMPATIBLE_MODELS: readonly string[];
  readonly OPENAI_COMPATIBLE_CONTEXT_WINDOW: number;
  readonly CHAT_MODEL_MAP: Readonly<Record<string, string>>;
  readonly CHAT_DEFAULT_MODEL?: string | undefined;
  readonly LLM_TIMEOUT_MS: number;
  readonly LLM_MAX_RETRIES: number;
  readonly WEB_SEARCH_PROVIDER?: 'brave' | 'tavily' | 'searxng' | undefined;
  readonly BRAVE_SEARCH_API_KEY?: string | undefined;
  readonly BRAVE_SEARCH_URL?: string | undefined;
  readonly TAVILY_API_KEY?: string | undefined;
  readonly TAVILY_URL?: string | undefined;
  readonly SEARXNG_URL?: string | undefined;
  readonly CHAT_EXTRACTION: ExtractionMode;
  readonly CHAT_SENTENCE_LOAD_WAIT_MS: number;
  readonly CHAT_WORKER_MEMORY_MB?: number;
  readonly CHAT_WORKER_TIMEOUT_SECONDS?: number;
}

function operatorProviders(config: ChatConfigValues): LlmCredentials[] {
  const providers: LlmCredentials[] = [];
  if (config.ANTHROPIC_API_KEY)
    providers.push({
      provider: 'anthropic',
      apiKey: config.ANTHROPIC_API_KEY,
      baseUrl: config.ANTHROPIC_BASE_URL ?? null,
    });
  if (config.OPENAI_API_KEY)
    providers.push({
      provider: 'openai',
      apiKey: config.OPENAI_API_KEY,
      baseUrl: config.OPENAI_BASE_URL ?? null,
    });
  if (config.GEMINI_API_KEY)
    providers.push({
      provider: 'gemini',
      apiKey: config.GEMINI_API_KEY,
      baseUrl: config.GEMINI_BASE_URL ?? null,
    });
  // Local servers (Ollama, LM Studio) usually want no key; the protocol still sends one.
  if (config.OPENAI_COMPATIBLE_BASE_URL)
    providers.push({
      provider: 'openai-compatible',
      apiKey: config.OPENAI_COMPATIBLE_API_KEY ?? 'not-needed',
      baseUrl: config.OPENAI_COMPATIBLE_BASE_URL,
    });
  return providers;
}

function webSearchSettings(config: ChatConfigValues): WebSearchSettings | null {
  const brave = config.BRAVE_SEARCH_API_KEY
    ? ({
        provider: 'brave',
        apiKey: config.BRAVE_SEARCH_API_KEY,
        baseUrl: config.BRAVE_SEARCH_URL ?? null,
      } as const)
    : null;
  const tavily = config.TAVILY_API_KEY
    ? ({ provider: 'tavily', apiKey: config.TAVILY_API_KEY, baseUrl: config.TAVILY_URL ?? null } as const)
    : null;
  const searxng = config.SEARXNG_URL ? ({ provider: 'searxng', baseUrl: config.SEARXNG_URL } as const) : null;
  switch (config.WEB_SEARCH_PROVIDER) {
    case 'brave':
      return brave;
    case 'tavily':
      return tavily;
    case 'searxng':
      return searxng;
    case undefined:
      return brave ?? tavily ?? searxng;
  }
}

/** Module options from an app's validated config. */
export function toChatModuleOptions(config: ChatConfigValues): ChatModuleOptions {
  return {
    store: toStoreConfig(config),
    providers: operatorProviders(config),
    modelMap: config.CHAT_MODEL_MAP,
    compatibleModels: config.OPENAI_COMPATIBLE_MODELS,
    compatibleContextWindow: config.OPENAI_COMPATIBLE_CONTEXT_WINDOW,
    ...(config.CHAT_DEFAULT_MODEL ? { defaultModelId: config.CHAT_DEFAULT_MODEL } : {}),
    llmPolicy: { timeoutMs: config.LLM_TIMEOUT_MS, maxRetries: config.LLM_MAX_RETRIES },
    webSearch: webSearchSettings(config),
    extraction: config.CHAT_EXTRACTION,
    sentenceLoadWaitMs: config.CHAT_SENTENCE_LOAD_WAIT_MS,
    worker: {
      ...(config.CHAT_WORKER_MEMORY_MB !== undefined ? { memoryMb: config.CHAT_WORKER_MEMORY_MB } : {}),
      ...(config.CHAT_WORKER_TIMEOUT_SECONDS !== undefined
        ? { timeoutMs: config.CHAT_WORKER_TIMEOUT_SECONDS * 1000 }
        : {}),
    },
    jobs: toJobsConfig(config),
  };
}
