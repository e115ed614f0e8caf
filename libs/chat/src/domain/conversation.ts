import type {
  ChatMode,
  ChatResponder,
  ChatRole,
  MemoryCategory,
  MemorySource,
  RecordScope,
} from '@membolt/contracts';

/** A memory as a message used it (kept with the message: the memory may change or go later). */
export interface MessageMemory {
  readonly id: string;
  readonly text: string;
  readonly importance: number;
  readonly category: MemoryCategory | null;
  readonly source: MemorySource;
}

export interface ChatMessage {
  readonly id: string;
  readonly conversationId: string;
  readonly userId: string;
  readonly role: ChatRole;
  readonly content: string;
  readonly createdAt: Date;
  readonly model: string | null;
  readonly responder: ChatResponder | null;
  readonly memories: readonly MessageMemory[];
  readonly mode: ChatMode;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/**
 * A conversation, in the memory scope its first turn named (decision 101): its memories are read from and
 * learnt into that scope, and only that scope lists and finds it.
 */
export interface Conversation extends RecordScope {
  readonly id: string;
  readonly userId: string;
  readonly title: string;
  readonly model: string | null;
  /** The newest message's text, cut to PREVIEW_LENGTH. */
  readonly preview: string;
  readonly messageCount: number;
  /** Distinct memories used across the answers. */
  readonly memoriesUsed: number;
  /** The read-only link's token while the owner shares the conversation (decision 090); null otherwise. */
  readonly share: { readonly token: string; readonly since: Date } | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * A conversation as its owner sees it: with the memories it taught (the open memories stored from it, as
 * the memory service counts them), not the memories its answers used.
 */
export interface ConversationSummary extends Conversation {
  readonly memoriesLearnt: number;
}

export const PREVIEW_LENGTH = 200;

export const previewOf = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= PREVIEW_LENGTH ? line : `${line.slice(0, PREVIEW_LENGTH - 1)}…`;
};
