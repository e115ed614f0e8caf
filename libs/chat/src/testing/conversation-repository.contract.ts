import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { RecordScope } from '@membolt/contracts';
import type { ChatStore } from '../ports/chat-store.js';
import type { ConversationRepository } from '../ports/conversation.repository.js';
import { makeChatMessage, makeMessageMemory } from './chat.factory.js';

/** The behaviour every ConversationRepository adapter must have. Run by each adapter's spec. */
export function describeConversationRepositoryContract(
  adapterName: string,
  makeStore: () => Promise<ChatStore>,
): void {
  describe(`ConversationRepository contract: ${adapterName}`, () => {
    let store: ChatStore;
    let repository: ConversationRepository;
    const t0 = new Date('2026-03-01T12:00:00.000Z');
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

    beforeEach(async () => {
      store = await makeStore();
      repository = store.conversations;
    });
    afterEach(async () => {
      await store.close();
    });

    const ACCOUNT: RecordScope = { endUserId: null, agentId: null, runId: null };
    const OWN = { endUserId: null };
    const start = (
      userId: string,
      conversationId: string,
      seconds = 0,
      content = 'Hello there',
      scope: RecordScope = ACCOUNT,
    ) =>
      repository.saveExchange(userId, {
        conversationId,
        newConversation: { title: content, createdAt: at(seconds), scope },
        model: 'gpt-4.1',
        at: at(seconds),
        messages: [
          makeChatMessage({ userId, conversationId, role: 'user', content, createdAt: at(seconds) }),
          makeChatMessage({
            userId,
            conversationId,
            role: 'assistant',
            content: `Answer to ${content}`,
            createdAt: at(seconds),
            model: 'gpt-4.1',
            responder: 'openai',
            memories: [makeMessageMemory({ id: 'mem-1' }), makeMessageMemory({ id: 'mem-2' })],
          }),
        ],
      });

    it('stores a new conversation with its first exchange, and reads it back', async () => {
      expect(await start('user-a', 'conv-1')).toBe(true);
      const conversation = await repository.find('user-a', 'conv-1');
      expect(conversation).toEqual({
        id: 'conv-1',
        userId: 'user-a',
        title: 'Hello there',
        model: 'gpt-4.1',
        preview: 'Answer to Hello there',
        messageCount: 2,
        memoriesUsed: 2,
        share: null,
        endUserId: null,
        agentId: null,
        runId: null,
        createdAt: t0,
        updatedAt: t0,
      });
      const messages = await repository.messages('user-a', 'conv-1');
      expect(messages.map((m) => [m.role, m.content])).toEqual([
        ['user', 'Hello there'],
        ['assistant', 'Answer to Hello there'],
      ]);
      expect(messages[1]).toMatchObject({ model: 'gpt-4.1', responder: 'openai', mode: 'chat' });
      expect(messages[1]!.memories.map((m) => m.id)).toEqual(['mem-1', 'mem-2']);
    });

    it('appends later exchanges in order, counts distinct memories, and moves the conversation up', async () => {
      await start('user-a', 'conv-1', 0);
      await start('user-a', 'conv-2', 10);
      expect(
        await repository.saveExchange('user-a', {
          conversationId: 'conv-1',
          model: 'claude-3-haiku',
          at: at(20),
          messages: [
            makeChatMessage({ conversationId: 'conv-1', content: 'second question' }),
            makeChatMessage({
              conversationId: 'conv-1',
              role: 'assistant',
              content: 'second answer',
              memories: [makeMessageMemory({ id: 'mem-2' }), makeMessageMemory({ id: 'mem-3' })],
            }),
          ],
        }),
      ).toBe(true);
      const conversation = await repository.find('user-a', 'conv-1');
      expect(conversation).toMatchObject({
        messageCount: 4,
        memoriesUsed: 3,
        share: null,
        model: 'claude-3-haiku',
        preview: 'second answer',
        updatedAt: at(20),
      });
      expect((await repository.messages('user-a', 'conv-1')).map((m) => m.content)).toEqual([
        'Hello there',
        'Answer to Hello there',
        'second question',
        'second answer',
      ]);
      expect((await repository.messages('user-a', 'conv-1', 2)).map((m) => m.content)).toEqual([
        'second question',
        'second answer',
      ]);
      const page = await repository.list('user-a', OWN, 10, 0);
      expect(page.conversations.map((c) => c.id)).toEqual(['conv-1', 'conv-2']);
      expect(page.totalCount).toBe(2);
      expect((await repository.list('user-a', OWN, 1, 1)).conversations.map((c) => c.id)).toEqual(['conv-2']);
    });

    it('never reads, appends to, renames or deletes another user’s conversation', async () => {
      await start('user-b', 'conv-b');
      expect(await repository.find('user-a', 'conv-b')).toBeNull();
      expect(await repository.messages('user-a', 'conv-b')).toEqual([]);
      expect((await repository.list('user-a', OWN, 10, 0)).totalCount).toBe(0);
      expect(
        await repository.saveExchange('user-a', {
          conversationId: 'conv-b',
          model: 'gpt-4.1',
          at: at(5),
          messages: [makeChatMessage({ userId: 'user-a', conversationId: 'conv-b' })],
        }),
      ).toBe(false);
      expect(await repository.rename('user-a', 'conv-b', 'Mine now', at(5))).toBeNull();
      expect(await repository.delete('user-a', 'conv-b')).toBeNull();
      expect(await repository.find('user-b', 'conv-b')).toMatchObject({
        title: 'Hello there',
        messageCount: 2,
      });
    });

    it('shares a conversation under a token only its owner sets or clears, found by the token alone', async () => {
      await start('user-a', 'conv-1');
      await start('user-b', 'conv-2');
      expect(await repository.findShared('token-1')).toBeNull();
      expect(await repository.setShare('user-b', 'conv-1', { token: 'token-x', since: at(5) })).toBeNull();
      const shared = await repository.setShare('user-a', 'conv-1', { token: 'token-1', since: at(5) });
      expect(shared?.share).toEqual({ token: 'token-1', since: at(5) });
      expect((await repository.findShared('token-1'))?.id).toBe('conv-1');
      expect(await repository.findShared('token-x')).toBeNull();
      // Another user cannot clear it; its owner can, and the token then finds nothing.
      expect(await repository.setShare('user-b', 'conv-1', null)).toBeNull();
      expect((await repository.findShared('token-1'))?.id).toBe('conv-1');
      expect((await repository.setShare('user-a', 'conv-1', null))?.share).toBeNull();
      expect(await repository.findShared('token-1')).toBeNull();
      // A deleted conversation takes its link with it.
      await repository.setShare('user-b', 'conv-2', { token: 'token-2', since: at(6) });
      await repository.delete('user-b', 'conv-2');
      expect(await repository.findShared('token-2')).toBeNull();
    });

    it('renames a conversation', async () => {
      await start('user-a', 'conv-1');
      const renamed = await repository.rename('user-a', 'conv-1', 'Trip to Lisbon', at(30));
      expect(renamed).toMatchObject({ id: 'conv-1', title: 'Trip to Lisbon', updatedAt: at(30) });
      expect(await repository.rename('user-a', 'nope', 'x', at(31))).toBeNull();
    });

    it('deletes a conversation and its messages, and says how many', async () => {
      await start('user-a', 'conv-1');
      await start('user-a', 'conv-2', 1);
      expect(await repository.delete('user-a', 'conv-1')).toBe(2);
      expect(await repository.find('user-a', 'conv-1')).toBeNull();
      expect(await repository.messages('user-a', 'conv-1')).toEqual([]);
      expect(await repository.delete('user-a', 'conv-1')).toBeNull();
      expect((await repository.list('user-a', OWN, 10, 0)).totalCount).toBe(1);
    });

    it('deletes everything of one user and nothing of another', async () => {
      await start('user-a', 'conv-1');
      await start('user-a', 'conv-2', 1);
      await start('user-b', 'conv-3', 2);
      expect(await repository.deleteAllOfUser('user-a')).toEqual({ conversations: 2, messages: 4 });
      expect((await repository.list('user-a', OWN, 10, 0)).totalCount).toBe(0);
      expect((await repository.list('user-b', OWN, 10, 0)).totalCount).toBe(1);
      expect(await repository.deleteAllOfUser('user-a')).toEqual({ conversations: 0, messages: 0 });
    });

    it('keeps each conversation in its scope: a list shows one end user’s (agent, run), none the account’s', async () => {
      await start('user-a', 'conv-own', 0);
      await start('user-a', 'conv-x', 1, 'Hi', { endUserId: 'x', agentId: 'support', runId: null });
      await start('user-a', 'conv-x2', 2, 'Hi', { endUserId: 'x', agentId: null, runId: 'run-1' });
      await start('user-a', 'conv-y', 3, 'Hi', { endUserId: 'y', agentId: null, runId: null });
      await start('user-b', 'conv-bx', 4, 'Hi', { endUserId: 'x', agentId: null, runId: null });
      const ids = async (scope: { endUserId: string | null; agentId?: string; runId?: string }) =>
        (await repository.list('user-a', scope, 10, 0)).conversations.map((c) => c.id);
      expect(await ids(OWN)).toEqual(['conv-own']);
      expect(await ids({ endUserId: 'x' })).toEqual(['conv-x2', 'conv-x']);
      expect(await ids({ endUserId: 'x', agentId: 'support' })).toEqual(['conv-x']);
      expect(await ids({ endUserId: 'x', runId: 'run-1' })).toEqual(['conv-x2']);
      expect(await ids({ endUserId: 'y' })).toEqual(['conv-y']);
      expect((await repository.list('user-a', { endUserId: 'x' }, 1, 0)).totalCount).toBe(2);
      expect(await repository.find('user-a', 'conv-x')).toMatchObject({
        endUserId: 'x',
        agentId: 'support',
        runId: null,
      });
    });

    it('removes one message: the count drops, and later exchanges still append', async () => {
      await start('user-a', 'conv-1');
      const [question] = await repository.messages('user-a', 'conv-1');
      expect(await repository.deleteMessage('user-b', 'conv-1', question!.id)).toBe(false);
      expect(await repository.deleteMessage('user-a', 'conv-1', question!.id)).toBe(true);
      expect(await repository.deleteMessage('user-a', 'conv-1', question!.id)).toBe(false);
      expect((await repository.messages('user-a', 'conv-1')).map((m) => m.content)).toEqual([
        'Answer to Hello there',
      ]);
      expect((await repository.find('user-a', 'conv-1'))?.messageCount).toBe(1);
      expect(
        await repository.saveExchange('user-a', {
          conversationId: 'conv-1',
          model: 'gpt-4.1',
          at: at(9),
          messages: [makeChatMessage({ userId: 'user-a', conversationId: 'conv-1', content: 'again' })],
        }),
      ).toBe(true);
      expect((await repository.messages('user-a', 'conv-1')).map((m) => m.content)).toEqual([
        'Answer to Hello there',
        'again',
      ]);
      expect((await repository.find('user-a', 'conv-1'))?.messageCount).toBe(2);
    });

    it('deletes every conversation of one end user, and nothing of another end user or account', async () => {
      await start('user-a', 'conv-own', 0);
      await start('user-a', 'conv-x', 1, 'Hi', { endUserId: 'x', agentId: 'support', runId: null });
      await start('user-a', 'conv-x2', 2, 'Hi', { endUserId: 'x', agentId: null, runId: null });
      await start('user-a', 'conv-y', 3, 'Hi', { endUserId: 'y', agentId: null, runId: null });
      await start('user-b', 'conv-bx', 4, 'Hi', { endUserId: 'x', agentId: null, runId: null });
      expect(await repository.deleteAllOfEndUser('user-a', 'x')).toEqual({ conversations: 2, messages: 4 });
      expect(await repository.find('user-a', 'conv-x')).toBeNull();
      expect(await repository.messages('user-a', 'conv-x2')).toEqual([]);
      expect((await repository.list('user-a', OWN, 10, 0)).totalCount).toBe(1);
      expect((await repository.list('user-a', { endUserId: 'y' }, 10, 0)).totalCount).toBe(1);
      expect((await repository.list('user-b', { endUserId: 'x' }, 10, 0)).totalCount).toBe(1);
      expect(await repository.deleteAllOfEndUser('user-a', 'x')).toEqual({ conversations: 0, messages: 0 });
    });
  });
}
