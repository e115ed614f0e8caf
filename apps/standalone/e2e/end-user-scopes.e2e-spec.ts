import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { eventually } from '@membolt/jobs/testing';
import { MemboltClient } from '@membolt/sdk';
import { BusClient } from '@membolt/bus';
import { runCliCommand } from '../src/cli/membolt-cli.js';
import { type ApiUser, expectError, newApiUser, ok, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';

jest.setTimeout(180_000);

interface MemoryJson {
  id: string;
  text: string;
  source: string;
  metadata: string;
  end_user_id: string | null;
}
interface UploadJson {
  upload_id: string;
  memory_id: string;
  chunks: number;
}
interface UploadStateJson {
  id: string;
  state: string;
  end_user_id: string | null;
  agent_id: string | null;
}
interface ConversationJson {
  id: string;
  message_count: number;
  end_user_id: string | null;
  agent_id: string | null;
  messages?: Array<{ id: string; role: string; content: string }>;
}
interface ErasureJson {
  deleted: true;
  memory_ids: string[];
  removed: Record<string, number>;
  source: Record<string, unknown> | null;
  source_deleted?: { deleted: boolean; memory_id: string | null };
}

const ABOUT_ME = 'About me\n\nI live in Oslo.\n\nI am allergic to peanuts. The weather was grey.';
const fileBody = (fileName: string, text: string) => {
  const bytes = Buffer.from(text, 'utf8');
  return { fileName, fileSize: bytes.length, fileData: bytes.toString('base64') };
};
const metadataOf = (memory: MemoryJson) => JSON.parse(memory.metadata) as Record<string, unknown>;

/**
 * Through the real standalone product: uploads and conversations in an end user's scope (decision
 * 101), erasure that reaches the source of a memory and every service's data of an end user (decision 102).
 */
describe('end-user scopes on uploads and conversations, and erasure', () => {
  // The stored file is kept after processing so that erasing the end user has a file to delete.
  const product = useStandalone('end-user-scopes', {
    ...UNLIMITED_GATEWAY,
    INGESTION_KEEP_FILES: 'true',
    BUS_TIMEOUT_MS: '30000',
  });
  let alice: ApiUser;
  let bob: ApiUser;

  const memories = async (user: ApiUser, query: string) =>
    ok<{ memories: MemoryJson[]; total_count: number }>(
      await user.call(`/api/user/${user.userId}/memories?limit=100&${query}`),
    );
  const list = async (user: ApiUser, query: string) => (await memories(user, query)).memories;
  const upload = (user: ApiUser, body: Record<string, unknown>, query = '') =>
    user.call(`/api/upload_base64${query}`, { method: 'POST', body });
  const chat = (user: ApiUser, body: Record<string, unknown>) =>
    user.call('/api/chat', { method: 'POST', body });
  const conversations = (user: ApiUser, query = '') =>
    user.call(`/api/user/${user.userId}/conversations${query ? `?${query}` : ''}`);
  const learnt = (user: ApiUser, scope: string, text: string) =>
    eventually(
      async () => (await list(user, scope)).some((memory) => memory.text === text),
      30_000,
      `"${text}" in ${scope}`,
    );

  let danaUpload: UploadJson;

  beforeAll(async () => {
    alice = await newApiUser(product);
    bob = await newApiUser(product);
    danaUpload = ok<UploadJson>(
      await upload(alice, { ...fileBody('about-dana.txt', ABOUT_ME), end_user_id: 'dana' }),
    );
  });

  it("an upload with end_user_id learns into that end user's scope, never the account's", async () => {
    const dana = await list(alice, 'end_user_id=dana');
    const fromFile = dana.filter((memory) => metadataOf(memory)['uploadId'] === danaUpload.upload_id);
    expect(fromFile.length).toBe(danaUpload.chunks + 1 + 2);
    expect(fromFile.map((memory) => memory.text)).toEqual(
      expect.arrayContaining(['User lives in Oslo.', 'User is allergic to peanuts.']),
    );
    expect(fromFile.every((memory) => memory.end_user_id === 'dana')).toBe(true);
    // Each fact names the chunk it was read in.
    const oslo = fromFile.find((memory) => memory.text === 'User lives in Oslo.');
    expect(metadataOf(oslo!)).toMatchObject({ uploadId: danaUpload.upload_id, chunkIndex: 0 });
    expect(await list(alice, '')).toEqual([]);
    expect(await list(alice, 'end_user_id=erin')).toEqual([]);
    const summary = ok<MemoryJson>(
      await alice.call(`/api/user/${alice.userId}/memories/${danaUpload.memory_id}?end_user_id=dana`),
    );
    expect(summary.end_user_id).toBe('dana');
  });

  it('lists, reads and deletes an upload only in its scope; query and body scopes must agree', async () => {
    const path = `/api/uploads/${danaUpload.upload_id}`;
    expect(ok<UploadStateJson>(await alice.call(`${path}?end_user_id=dana`))).toMatchObject({
      state: 'done',
      end_user_id: 'dana',
      agent_id: null,
    });
    expectError(await alice.call(path), 404, 'not_found', 'Upload not found');
    expectError(await alice.call(`${path}?end_user_id=erin`), 404, 'not_found', 'Upload not found');
    expectError(await bob.call(`${path}?end_user_id=dana`), 404, 'not_found', 'Upload not found');
    expectError(
      await bob.call(`${path}?end_user_id=dana`, { method: 'DELETE' }),
      404,
      'not_found',
      'Upload not found',
    );
    expectError(
      await alice.call(`${path}?end_user_id=erin`, { method: 'DELETE' }),
      404,
      'not_found',
      'Upload not found',
    );
    const listed = async (query: string) =>
      ok<{ uploads: UploadStateJson[]; total_count: number }>(await alice.call(`/api/uploads?${query}`));
    expect((await listed('end_user_id=dana')).uploads.map((u) => u.id)).toEqual([danaUpload.upload_id]);
    expect((await listed('')).total_count).toBe(0);
    expect((await listed('end_user_id=erin')).total_count).toBe(0);
    expect((await listed('end_user_id=dana&agent_id=bot')).total_count).toBe(0);
    const bobs = ok<{ total_count: number }>(await bob.call('/api/uploads?end_user_id=dana'));
    expect(bobs.total_count).toBe(0);
    expectError(
      await upload(alice, { ...fileBody('x.txt', 'Hello there.'), end_user_id: 'dana' }, '?end_user_id=erin'),
      400,
      'validation_error',
      /end_user_id/,
    );
    // Still there, untouched, after every refused call.
    expect(ok<UploadStateJson>(await alice.call(`${path}?end_user_id=dana`)).state).toBe('done');
  });

  it('a chat turn with end_user_id starts a conversation of that scope, listed and found only there', async () => {
    const turn = ok<{ conversation_id: string }>(
      await chat(alice, { message: 'I work as a pharmacist.', end_user_id: 'dana', agent_id: 'helper' }),
    );
    const id = turn.conversation_id;
    await learnt(alice, 'end_user_id=dana', 'User works as a pharmacist.');
    const page = ok<{ conversations: ConversationJson[] }>(await conversations(alice, 'end_user_id=dana'));
    expect(page.conversations.map((c) => [c.id, c.end_user_id, c.agent_id])).toEqual([
      [id, 'dana', 'helper'],
    ]);
    expect(
      ok<{ conversations: ConversationJson[] }>(await conversations(alice, 'end_user_id=dana&agent_id=other'))
        .conversations,
    ).toEqual([]);
    expect(ok<{ conversations: ConversationJson[] }>(await conversations(alice)).conversations).toEqual([]);
    expect(
      ok<{ conversations: ConversationJson[] }>(await conversations(alice, 'end_user_id=erin')).conversations,
    ).toEqual([]);
    const path = `/api/user/${alice.userId}/conversations/${id}`;
    expect(ok<ConversationJson>(await alice.call(`${path}?end_user_id=dana`)).message_count).toBe(2);
    expectError(await alice.call(path), 404, 'not_found', /not found/i);
    expectError(await alice.call(`${path}?end_user_id=erin`), 404, 'not_found', /not found/i);
    expectError(
      await alice.call(`${path}?end_user_id=erin`, { method: 'DELETE' }),
      404,
      'not_found',
      /not found/i,
    );
    // Another account: its own path with this id finds nothing, and cannot continue the conversation.
    const bobPath = `/api/user/${bob.userId}/conversations/${id}?end_user_id=dana`;
    expectError(await bob.call(bobPath), 404, 'not_found', /not found/i);
    expectError(await bob.call(bobPath, { method: 'DELETE' }), 404, 'not_found', /not found/i);
    expectError(
      await chat(bob, { message: 'Hi', conversationId: id, end_user_id: 'dana' }),
      404,
      'not_found',
      /not found/i,
    );
    // Continuing it from another scope is NOT_FOUND too: it belongs to dana.
    expectError(await chat(alice, { message: 'Hi', conversationId: id }), 404, 'not_found', /not found/i);
    expectError(
      await chat(alice, { message: 'Hi', conversationId: id, end_user_id: 'erin' }),
      404,
      'not_found',
      /not found/i,
    );
    expect(ok<ConversationJson>(await alice.call(`${path}?end_user_id=dana`)).message_count).toBe(2);
  });

  it('a memory learnt in a chat names its message; cascade=source deletes that message too', async () => {
    const turn = ok<{ conversation_id: string }>(
      await chat(alice, { message: 'I live in Bergen.', end_user_id: 'frank' }),
    );
    await learnt(alice, 'end_user_id=frank', 'User lives in Bergen.');
    const [memory] = await list(alice, 'end_user_id=frank');
    const conversationPath = `/api/user/${alice.userId}/conversations/${turn.conversation_id}?end_user_id=frank`;
    const before = ok<ConversationJson>(await alice.call(conversationPath));
    const question = before.messages!.find((message) => message.role === 'user')!;
    const memoryPath = `/api/user/${alice.userId}/memories/${memory!.id}`;
    // Another account, another end user, a bad cascade: refused, nothing changes.
    expectError(
      await bob.call(`/api/user/${bob.userId}/memories/${memory!.id}?end_user_id=frank&cascade=source`, {
        method: 'DELETE',
      }),
      404,
      'not_found',
      'Memory not found',
    );
    expectError(
      await alice.call(`${memoryPath}?end_user_id=dana&cascade=source`, { method: 'DELETE' }),
      404,
      'not_found',
      'Memory not found',
    );
    expectError(
      await alice.call(`${memoryPath}?end_user_id=frank&cascade=all`, { method: 'DELETE' }),
      400,
      'validation_error',
      /cascade/,
    );
    expect(ok<ConversationJson>(await alice.call(conversationPath)).messages).toHaveLength(2);

    const receipt = ok<ErasureJson>(
      await alice.call(`${memoryPath}?end_user_id=frank&cascade=source`, { method: 'DELETE' }),
    );
    expect(receipt).toMatchObject({
      deleted: true,
      memory_ids: [memory!.id],
      source: { kind: 'message', conversation_id: turn.conversation_id, message_id: question.id },
      source_deleted: { deleted: true, memory_id: null },
    });
    const after = ok<ConversationJson>(await alice.call(conversationPath));
    expect(after.messages!.map((message) => message.id)).not.toContain(question.id);
    expect(after.message_count).toBe(1);
    expect(await list(alice, 'end_user_id=frank')).toEqual([]);
  });

  it('without cascade the receipt still names the source and leaves it', async () => {
    ok(await chat(alice, { message: 'I have a dog called Miso.', end_user_id: 'gina' }));
    await learnt(alice, 'end_user_id=gina', 'User has a dog called Miso.');
    const [memory] = (await list(alice, 'end_user_id=gina')).filter((m) => m.source === 'chat');
    const receipt = ok<ErasureJson>(
      await alice.call(`/api/user/${alice.userId}/memories/${memory!.id}?end_user_id=gina`, {
        method: 'DELETE',
      }),
    );
    expect(receipt.source).toMatchObject({ kind: 'message' });
    expect(receipt.source_deleted).toBeUndefined();
    const page = ok<{ conversations: ConversationJson[] }>(await conversations(alice, 'end_user_id=gina'));
    expect(page.conversations[0]?.message_count).toBe(2);
    // A memory written directly has no source.
    const direct = ok<MemoryJson>(
      await alice.call(`/api/user/${alice.userId}/memories`, {
        method: 'POST',
        body: { text: 'Prefers tea.', end_user_id: 'gina' },
      }),
      201,
    );
    const plain = ok<ErasureJson>(
      await alice.call(`/api/user/${alice.userId}/memories/${direct.id}?end_user_id=gina&cascade=source`, {
        method: 'DELETE',
      }),
    );
    expect(plain.source).toBeNull();
    expect(plain.source_deleted).toBeUndefined();
  });

  it('a fact learnt from a file names its chunk; cascade=source deletes the chunk memory', async () => {
    const dana = await list(alice, 'end_user_id=dana');
    const peanuts = dana.find((memory) => memory.text === 'User is allergic to peanuts.')!;
    const chunk = dana.find(
      (memory) =>
        metadataOf(memory)['kind'] === 'chunk' &&
        metadataOf(memory)['chunkIndex'] === metadataOf(peanuts)['chunkIndex'],
    )!;
    const receipt = ok<ErasureJson>(
      await alice.call(`/api/user/${alice.userId}/memories/${peanuts.id}?end_user_id=dana&cascade=source`, {
        method: 'DELETE',
      }),
    );
    expect(receipt).toMatchObject({
      source: {
        kind: 'chunk',
        upload_id: danaUpload.upload_id,
        file_name: 'about-dana.txt',
        chunk_index: metadataOf(peanuts)['chunkIndex'],
      },
      source_deleted: { deleted: true, memory_id: chunk.id },
    });
    expectError(
      await alice.call(`/api/user/${alice.userId}/memories/${chunk.id}?end_user_id=dana`),
      404,
      'not_found',
      'Memory not found',
    );
  });

  it('deleting an end user erases their memories, conversations, uploads and files with one receipt', async () => {
    // The account's own memory and another end user's stay.
    ok(
      await alice.call(`/api/user/${alice.userId}/memories`, {
        method: 'POST',
        body: { text: 'Owns a bike.' },
      }),
      201,
    );
    ok(
      await alice.call(`/api/user/${alice.userId}/memories`, {
        method: 'POST',
        body: { text: 'Owns a kayak.', end_user_id: 'erin' },
      }),
      201,
    );
    const danaBefore = (await memories(alice, 'end_user_id=dana')).total_count;
    expect(danaBefore).toBeGreaterThan(0);
    // Another account erasing "dana" erases its own dana (nobody) and nothing of alice's.
    const bobs = ok<ErasureJson>(
      await bob.call(`/api/user/${bob.userId}/end_users/dana`, { method: 'DELETE' }),
    );
    expect(bobs.removed).toMatchObject({ memories: 0, uploads: 0, conversations: 0, files: 0 });
    expect((await memories(alice, 'end_user_id=dana')).total_count).toBe(danaBefore);

    const receipt = ok<ErasureJson>(
      await alice.call(`/api/user/${alice.userId}/end_users/dana`, { method: 'DELETE' }),
    );
    expect(receipt.removed).toMatchObject({ uploads: 1, files: 1, conversations: 1, messages: 2 });
    expect(receipt.removed['memories']).toBe(danaBefore);
    expect(receipt.memory_ids.length).toBeGreaterThan(0);

    expect((await memories(alice, 'end_user_id=dana&include_closed=true')).total_count).toBe(0);
    const search = ok<{ results: unknown[] }>(
      await alice.call(
        `/api/user/${alice.userId}/search?end_user_id=dana&query=${encodeURIComponent('Oslo peanuts pharmacist')}`,
      ),
    );
    expect(search.results).toEqual([]);
    expect(ok<{ total_count: number }>(await alice.call('/api/uploads?end_user_id=dana')).total_count).toBe(
      0,
    );
    expectError(
      await alice.call(`/api/uploads/${danaUpload.upload_id}?end_user_id=dana`),
      404,
      'not_found',
      'Upload not found',
    );
    expect(ok<{ total_count: number }>(await conversations(alice, 'end_user_id=dana')).total_count).toBe(0);
    const endUsers = ok<{ end_users: Array<{ end_user_id: string }> }>(
      await alice.call(`/api/user/${alice.userId}/end_users`),
    );
    expect(endUsers.end_users.map((u) => u.end_user_id)).not.toContain('dana');
    expect((await list(alice, '')).map((m) => m.text)).toEqual(['Owns a bike.']);
    expect((await list(alice, 'end_user_id=erin')).map((m) => m.text)).toEqual(['Owns a kayak.']);
    // Again: nothing left to remove.
    const again = ok<ErasureJson>(
      await alice.call(`/api/user/${alice.userId}/end_users/dana`, { method: 'DELETE' }),
    );
    expect(again.removed).toMatchObject({ memories: 0, uploads: 0, conversations: 0 });
  });

  it('the SDK uploads, lists and erases in an end user scope', async () => {
    const client = new MemboltClient({ apiKey: alice.key, baseUrl: `${product.url}/api`, logger: null });
    await client.initialize();
    const data = new TextEncoder().encode('I live in Madrid.\n\nI am allergic to shellfish.');
    const uploaded = await client.uploadFile({ fileName: 'hana.txt', data }, { end_user_id: 'hana' });
    expect('summary' in uploaded).toBe(true);
    expect((await client.listUploads({ end_user_id: 'hana' })).uploads.map((u) => u.id)).toEqual([
      uploaded.upload_id,
    ]);
    expect((await client.getUpload(uploaded.upload_id, { end_user_id: 'hana' })).end_user_id).toBe('hana');
    await expect(client.getUpload(uploaded.upload_id)).rejects.toMatchObject({ status: 404 });
    const fact = (await list(alice, 'end_user_id=hana')).find((m) => m.text === 'User lives in Madrid.')!;
    const receipt = await client.deleteMemory(fact.id, { end_user_id: 'hana', cascade: 'source' });
    expect(receipt.source).toMatchObject({ kind: 'chunk', upload_id: uploaded.upload_id, chunk_index: 0 });
    expect(receipt.source_deleted?.deleted).toBe(true);
    ok(await chat(alice, { message: 'Hello!', end_user_id: 'hana' }));
    expect((await client.listConversations({ end_user_id: 'hana' })).total_count).toBe(1);
    const erased = await client.deleteEndUser('hana');
    expect(erased.removed).toMatchObject({ uploads: 1, conversations: 1, messages: 2 });
    expect((await client.listUploads({ end_user_id: 'hana' })).total_count).toBe(0);
    expect((await client.listConversations({ end_user_id: 'hana' })).total_count).toBe(0);
  });

  it('the operator CLI erases an end user with the same receipt', async () => {
    ok(
      await alice.call(`/api/user/${alice.userId}/memories`, {
        method: 'POST',
        body: { text: 'Likes jazz.', end_user_id: 'ivan' },
      }),
      201,
    );
    ok(await chat(alice, { message: 'Hello!', end_user_id: 'ivan' }));
    const bus = product.app.get(BusClient);
    const receipt = await runCliCommand(bus, [
      'end-user:delete',
      '--user',
      alice.userId,
      '--end-user',
      'ivan',
    ]);
    expect(receipt['removed']).toMatchObject({ conversations: 1, messages: 2, uploads: 0 });
    expect((receipt['removed'] as Record<string, number>)['memories']).toBeGreaterThanOrEqual(1);
    expect(await list(alice, 'end_user_id=ivan')).toEqual([]);
    expect(ok<{ total_count: number }>(await conversations(alice, 'end_user_id=ivan')).total_count).toBe(0);
  });
});
