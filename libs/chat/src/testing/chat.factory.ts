import { randomUUID } from 'node:crypto';
import type { ChatMessage, MessageMemory } from '../domain/conversation.js';

let counter = 0;

/** A stored chat message with sensible defaults; name only what the test is about. */
export function makeChatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  counter++;
  return {
    id: `msg-${randomUUID()}`,
    conversationId: 'conv-1',
    userId: 'user-a',
    role: 'user',
    content: `message ${counter}`,
    createdAt: new Date(Date.UTC(2026, 2, 1, 12, 0, counter % 60)),
    model: null,
    responder: null,
    memories: [],
    mode: 'chat',
    inputTokens: 0,
    outputTokens: 0,
    ...overrides,
  };
}

export function makeMessageMemory(overrides: Partial<MessageMemory> = {}): MessageMemory {
  counter++;
  return {
    id: `mem-${counter}`,
    text: `memory ${counter}`,
    importance: 0.5,
    category: null,
    source: 'memory',
    ...overrides,
  };
}
