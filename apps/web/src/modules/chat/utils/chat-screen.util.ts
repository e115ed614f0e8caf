import type {
  ChatMemoryFieldsFragment,
  ChatMessageFieldsFragment,
  ChatModelsQuery,
} from '../../../gql/graphql';
import type { ChipMemory, PickerModel, ScreenMessage } from '../chat.types';

let sequence = 0;
/** A screen-only message id (welcome, pending answers, errors) that never collides with a stored one. */
export const localMessageId = (kind: string): string => `local-${kind}-${Date.now()}-${++sequence}`;

export const screenMessage = (
  role: ScreenMessage['role'],
  content: string,
  extra: Partial<ScreenMessage> = {},
): ScreenMessage => ({
  id: localMessageId(role),
  role,
  content,
  createdAt: new Date().toISOString(),
  memories: [],
  ...extra,
});

/** The memories a turn put into its prompt: the answer's chips. */
export const usedMemories = (retrieved: readonly ChatMemoryFieldsFragment[]): ChipMemory[] =>
  retrieved.filter((memory) => memory.used);

/** A stored conversation as the screen shows it; system messages (search instructions) stay hidden. */
export function toScreenMessages(messages: readonly ChatMessageFieldsFragment[]): ScreenMessage[] {
  return messages
    .filter((message) => message.role !== 'system')
    .map((message) => ({
      id: message.id,
      role: message.role === 'user' ? 'user' : 'assistant',
      content: message.content,
      createdAt: message.createdAt,
      memories: message.memories,
    }));
}

/** The picker's models (the chat list of the catalogue) and the one to start with. */
export function pickerModelsOf(catalogue: ChatModelsQuery['chatModels'] | undefined): {
  models: PickerModel[];
  initial: string | null;
} {
  if (!catalogue) return { models: [], initial: null };
  const models = catalogue.models
    .filter((model) => model.inChatList)
    .map((model) => ({
      id: model.id,
      label: model.label,
      available: model.available,
      unavailableReason: model.unavailableReason ?? null,
    }));
  const preferred = models.find((model) => model.id === catalogue.defaultModelId);
  // With no provider at all the offline assistant answers whatever is chosen: keep the default then.
  const initial =
    preferred && (preferred.available || catalogue.offline)
      ? preferred.id
      : (models.find((model) => model.available)?.id ?? preferred?.id ?? models[0]?.id ?? null);
  return { models, initial };
}

/** The instruction that turns web results into an answer (the spec sends them as a system message). */
export const searchSummaryInstruction = (query: string, formattedResults: string): string =>
  `The user searched the web for "${query}". Summarise these results for them in a few sentences, citing ` +
  `sources by their number:\n\n${formattedResults}`;

/** The web app's page of a shared conversation (decision 090). */
export const sharedConversationUrl = (origin: string, token: string): string =>
  `${origin}/shared/${encodeURIComponent(token)}`;
