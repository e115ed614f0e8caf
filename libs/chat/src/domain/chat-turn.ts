import type { ChatResponder, MemoryCategory, MemorySource } from '@membolt/contracts';

/** A memory a turn retrieved. */
export interface RetrievedMemory {
  readonly id: string;
  readonly text: string;
  readonly importance: number;
  readonly category: MemoryCategory | null;
  readonly source: MemorySource;
  readonly createdAt: string;
  readonly score: number;
  /** It went into the prompt (or, offline, into the answer). */
  readonly used: boolean;
}

export interface ChatTurn {
  readonly conversationId: string;
  readonly conversationTitle: string;
  readonly startedConversation: boolean;
  readonly userMessageId: string;
  readonly assistantMessageId: string;
  readonly text: string;
  readonly model: string;
  readonly responder: ChatResponder;
  readonly memoriesRetrieved: readonly RetrievedMemory[];
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costMicroUsd: number;
  readonly extractionJobId: string | null;
  readonly createdAt: Date;
}

export type ChatTurnEvent =
  | {
      readonly type: 'start';
      readonly conversationId: string;
      readonly conversationTitle: string;
      readonly model: string;
      readonly responder: ChatResponder;
      readonly memoriesRetrieved: readonly RetrievedMemory[];
    }
  | { readonly type: 'token'; readonly text: string }
  | { readonly type: 'done'; readonly turn: ChatTurn };
