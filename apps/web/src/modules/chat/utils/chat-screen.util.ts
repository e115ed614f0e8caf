import type {
  ChatMemoryFieldsFragment,
  ChatMessageFieldsFragment,
  ChatModelsQuery,
  ConversationSummaryFieldsFragment,
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

/**
 * The picker's models (the chat list of the catalogue) and the one to start with: the user's saved default
 * model (Settings) when it can answer, else the server's default, else the first model that can answer. A saved model of the settings list that the chat list lacks (GPT-4o)
 * joins the picker, so the chat can open on it.
 */
export function pickerModelsOf(
  catalogue: ChatModelsQuery['chatModels'] | undefined,
  savedDefault?: string | null,
): {
  models: PickerModel[];
  initial: string | null;
} {
  if (!catalogue) return { models: [], initial: null };
  const saved = catalogue.models.find((model) => model.id === savedDefault);
  const models = catalogue.models
    .filter((model) => model.inChatList || model === saved)
    .map((model) => ({
      id: model.id,
      label: model.label,
      available: model.available,
      unavailableReason: model.unavailableReason ?? null,
    }));
  // The user's choice, then the server's default (CHAT_DEFAULT_MODEL), then any model that can answer.
  const preferred = [saved?.id, catalogue.defaultModelId]
    .map((id) => models.find((model) => model.id === id))
    .filter((model): model is PickerModel => model !== undefined);
  // With no provider at all the offline assistant answers whatever is chosen: keep the first choice then.
  const initial = catalogue.offline
    ? (preferred[0]?.id ?? models[0]?.id ?? null)
    : (preferred.find((model) => model.available)?.id ??
      models.find((model) => model.available)?.id ??
      preferred[0]?.id ??
      models[0]?.id ??
      null);
  return { models, initial };
}

/** As the server cuts a conversation's preview: one line, at most 200 characters. */
const PREVIEW_LENGTH = 200;
const previewOf = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= PREVIEW_LENGTH ? line : `${line.slice(0, PREVIEW_LENGTH - 1)}…`;
};

export interface ConversationListPage {
  readonly totalCount: number;
  readonly conversations: readonly ConversationSummaryFieldsFragment[];
}

/**
 * The conversation list once a turn is in: its conversation first (added when new, else moved up with the
 * turn's title, answer and time), so the list follows the chat without waiting for the server's list.
 * The memory count stays what the server said (0 for a new conversation) until the list is read again.
 */
export function withConversationFirst(
  page: ConversationListPage | null | undefined,
  turn: { conversationId: string; conversationTitle: string; text: string; createdAt: string },
  limit: number,
): { totalCount: number; conversations: ConversationSummaryFieldsFragment[] } {
  const listed = page?.conversations ?? [];
  const known = listed.find((conversation) => conversation.id === turn.conversationId);
  const first: ConversationSummaryFieldsFragment = {
    ...(known ?? { memoryCount: 0 }),
    id: turn.conversationId,
    title: turn.conversationTitle,
    preview: previewOf(turn.text),
    updatedAt: turn.createdAt,
  };
  return {
    totalCount: (page?.totalCount ?? 0) + (known ? 0 : 1),
    conversations: [first, ...listed.filter((conversation) => conversation !== known)].slice(0, limit),
  };
}

/** The web app's page of a shared conversation (decision 090). */
export const sharedConversationUrl = (origin: string, token: string): string =>
  `${origin}/shared/${encodeURIComponent(token)}`;
