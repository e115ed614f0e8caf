import { describe, expect, it } from '@jest/globals';
import type { ChatModelsQuery } from '../../../gql/graphql';
import { pickerModelsOf, toScreenMessages, usedMemories, withConversationFirst } from './chat-screen.util';

type Catalogue = ChatModelsQuery['chatModels'];
const model = (id: string, available: boolean, inChatList = true) => ({
  id,
  label: id.toUpperCase(),
  provider: 'openai' as const,
  inChatList,
  available,
  unavailableReason: available ? null : 'OpenAI is not configured',
  isDefault: false,
});

describe('chat screen helpers', () => {
  it('offers the chat list and starts on the default model when it is available', () => {
    const catalogue: Catalogue = {
      defaultModelId: 'a',
      offline: false,
      models: [model('a', true), model('b', true), model('s', true, false)],
    };
    expect(pickerModelsOf(catalogue)).toEqual({
      models: [
        { id: 'a', label: 'A', available: true, unavailableReason: null },
        { id: 'b', label: 'B', available: true, unavailableReason: null },
      ],
      initial: 'a',
    });
  });

  it('starts on the first available model when the default is not, and keeps the default when offline', () => {
    const models = [model('a', false), model('b', false), model('c', true)];
    expect(pickerModelsOf({ defaultModelId: 'a', offline: false, models }).initial).toBe('c');
    const offline = [model('a', false), model('b', false)];
    expect(pickerModelsOf({ defaultModelId: 'a', offline: true, models: offline }).initial).toBe('a');
    expect(pickerModelsOf(undefined)).toEqual({ models: [], initial: null });
  });

  it("starts on the user's saved default model, listed even when it is not in the chat list", () => {
    const catalogue: Catalogue = {
      defaultModelId: 'a',
      offline: false,
      models: [model('a', true), model('b', true), model('s', true, false), model('t', false, false)],
    };
    expect(pickerModelsOf(catalogue, 'b').initial).toBe('b');
    expect(pickerModelsOf(catalogue, 's')).toEqual({
      models: [
        { id: 'a', label: 'A', available: true, unavailableReason: null },
        { id: 'b', label: 'B', available: true, unavailableReason: null },
        { id: 's', label: 'S', available: true, unavailableReason: null },
      ],
      initial: 's',
    });
    // A saved model whose provider is not set up: the server's default when it can answer, else the first
    // model that can.
    expect(pickerModelsOf(catalogue, 't').initial).toBe('a');
    const serverDefaultLast: Catalogue = {
      defaultModelId: 'c',
      offline: false,
      models: [model('a', false), model('b', true), model('c', true)],
    };
    expect(pickerModelsOf(serverDefaultLast, 'a').initial).toBe('c');
    expect(pickerModelsOf({ ...serverDefaultLast, defaultModelId: 'a' }, 'a').initial).toBe('b');
    // Offline, the saved model is kept: the offline assistant answers whatever is chosen.
    expect(pickerModelsOf({ ...serverDefaultLast, offline: true }, 'a').initial).toBe('a');
    // An id the catalogue does not know: the server's default.
    expect(pickerModelsOf(catalogue, 'gone').initial).toBe('a');
  });

  it('puts the conversation a turn went to first in the list: added when new, moved and updated when not', () => {
    const turn = {
      conversationId: 'c2',
      conversationTitle: 'Dogs',
      text: '  Rex   is a good name.  ',
      createdAt: '2026-05-01T10:00:00.000Z',
    };
    const old = {
      id: 'c1',
      title: 'Tea',
      preview: 'Green',
      updatedAt: '2026-04-01T00:00:00.000Z',
      memoryCount: 2,
    };
    expect(withConversationFirst(null, turn, 30)).toEqual({
      totalCount: 1,
      conversations: [
        {
          id: 'c2',
          title: 'Dogs',
          preview: 'Rex is a good name.',
          updatedAt: turn.createdAt,
          memoryCount: 0,
        },
      ],
    });
    const listed = {
      totalCount: 2,
      conversations: [old, { ...old, id: 'c2', title: 'Old title', memoryCount: 3 }],
    };
    expect(withConversationFirst(listed, turn, 30)).toEqual({
      totalCount: 2,
      conversations: [
        {
          id: 'c2',
          title: 'Dogs',
          preview: 'Rex is a good name.',
          updatedAt: turn.createdAt,
          memoryCount: 3,
        },
        old,
      ],
    });
    // A full page stays at its size.
    expect(withConversationFirst({ totalCount: 5, conversations: [old] }, turn, 1)).toEqual({
      totalCount: 6,
      conversations: [expect.objectContaining({ id: 'c2' })],
    });
  });

  it('shows stored user and assistant messages and hides system ones; chips are the used memories', () => {
    const memory = { id: 'm1', text: 'Likes tea', importance: 0.7, category: null, source: 'chat' as const };
    const messages = toScreenMessages([
      { id: '1', role: 'system', content: 'results', createdAt: 't', mode: 'search', memories: [] },
      { id: '2', role: 'user', content: 'Hi', createdAt: 't', mode: 'chat', memories: [] },
      { id: '3', role: 'assistant', content: 'Hello', createdAt: 't', mode: 'chat', memories: [memory] },
    ]);
    expect(messages.map((message) => [message.id, message.role, message.memories.length])).toEqual([
      ['2', 'user', 0],
      ['3', 'assistant', 1],
    ]);
    expect(
      usedMemories([
        { ...memory, used: true },
        { ...memory, id: 'm2', used: false },
      ]).map((chip) => chip.id),
    ).toEqual(['m1']);
  });
});
