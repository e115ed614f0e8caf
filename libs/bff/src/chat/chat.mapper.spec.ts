import { describe, expect, it } from '@jest/globals';
import type { ChatTurnView } from '@membolt/contracts';
import { toChatTurnModel } from './chat.mapper.js';

const turn: ChatTurnView = {
  conversationId: 'c1',
  conversationTitle: 'Lisbon',
  startedConversation: true,
  userMessageId: 'm1',
  assistantMessageId: 'm2',
  text: 'You live in Lisbon.',
  model: 'gpt-4.1-mini',
  responder: 'offline',
  offline: true,
  memoriesUsed: 1,
  memoriesRetrieved: [
    {
      id: 'mem1',
      text: 'Lives in Lisbon',
      importance: 0.8,
      category: 'personal',
      source: 'chat',
      createdAt: '2026-01-01T00:00:00.000Z',
      score: 0.9,
      used: true,
    },
  ],
  usage: { inputTokens: 10, outputTokens: 5, costMicroUsd: 0 },
  extractionJobId: 'job-1',
  createdAt: '2026-01-01T00:00:01.000Z',
};

describe('the turn the BFF shows (GraphQL and the done event of POST /chat/stream)', () => {
  it('is the chat service turn without the id of its extraction job', () => {
    const shown = toChatTurnModel(turn);
    expect(shown).not.toHaveProperty('extractionJobId');
    const { extractionJobId: _job, ...rest } = turn;
    expect(shown).toEqual(rest);
  });
});
