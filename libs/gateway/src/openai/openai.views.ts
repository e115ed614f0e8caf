import type { ChatModelView, ChatTurnView } from '@membolt/contracts';

/* The chat service's views in OpenAI's shapes: `chat.completion`, `chat.completion.chunk`, `model`, `list`. */

/** What one completion is known by in every chunk: its id, when it started, the model asked for. */
export interface CompletionIdentity {
  readonly id: string;
  /** Unix seconds. */
  readonly created: number;
  readonly model: string;
}

export interface OpenAiUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens: number;
}

/** The provider's token counts; the offline assistant's answers count none. */
const usageOf = (turn: ChatTurnView): OpenAiUsage => ({
  prompt_tokens: turn.usage.inputTokens,
  completion_tokens: turn.usage.outputTokens,
  total_tokens: turn.usage.inputTokens + turn.usage.outputTokens,
});

export const toChatCompletion = (identity: CompletionIdentity, turn: ChatTurnView) => ({
  id: identity.id,
  object: 'chat.completion' as const,
  created: identity.created,
  model: identity.model,
  choices: [
    {
      index: 0,
      message: { role: 'assistant' as const, content: turn.text, refusal: null },
      logprobs: null,
      finish_reason: 'stop' as const,
    },
  ],
  usage: usageOf(turn),
});

export type ChunkDelta = { readonly role?: 'assistant'; readonly content?: string };

/**
 * One `chat.completion.chunk`. With `include_usage`, every chunk carries `usage: null` and one more, with no
 * choices, the usage (as OpenAI streams it).
 */
export function toCompletionChunk(
  identity: CompletionIdentity,
  delta: ChunkDelta,
  finishReason: 'stop' | null,
  includeUsage: boolean,
) {
  return {
    id: identity.id,
    object: 'chat.completion.chunk' as const,
    created: identity.created,
    model: identity.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...(includeUsage ? { usage: null } : {}),
  };
}

export const toUsageChunk = (identity: CompletionIdentity, turn: ChatTurnView) => ({
  id: identity.id,
  object: 'chat.completion.chunk' as const,
  created: identity.created,
  model: identity.model,
  choices: [],
  usage: usageOf(turn),
});

/**
 * A catalogue model as OpenAI's `model` object. The catalogue has no creation dates: `created` is 0. Membolt
 * adds whether the account can reach the model's provider (when not, the offline assistant answers).
 */
export const toOpenAiModel = (model: ChatModelView) => ({
  id: model.id,
  object: 'model' as const,
  created: 0,
  owned_by: model.provider,
  available: model.available,
});

export const toOpenAiModelList = (models: readonly ChatModelView[]) => ({
  object: 'list' as const,
  data: models.map(toOpenAiModel),
});
