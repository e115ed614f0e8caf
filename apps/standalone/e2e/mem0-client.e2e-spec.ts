import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type ApiUser, callApi, newApiUser, ok, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';
import { verifyMemboltWebhook } from './support/verify-webhook.js';
import { useWebhookReceiver } from './support/webhook-receiver.js';

jest.setTimeout(180_000);

// The client reports usage to Mem0's analytics unless told not to; the flag is read when the module loads,
// so it is set before the dynamic import below. Nothing here may reach the internet.
process.env['MEM0_TELEMETRY'] = 'false';
const mem0 = await import('mem0ai');
const { MemoryClient, AuthenticationError, MemoryNotFoundError, ValidationError } = mem0;
type Client = InstanceType<typeof MemoryClient>;

interface NativeMemory {
  id: string;
  text: string;
  end_user_id: string | null;
  importance: number;
  metadata: string;
}

/** The official `mem0ai` MemoryClient, unchanged, against the standalone product (decision 099). */
describe('Mem0-compatible API with the real mem0ai client', () => {
  // Webhook deliveries go to a receiver on loopback, which the operator allows here.
  const product = useStandalone('mem0-client', {
    ...UNLIMITED_GATEWAY,
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
  });
  const receiver = useWebhookReceiver();
  const { received } = receiver;
  let alice: ApiUser;
  let bob: ApiUser;
  let client: Client;
  let bobClient: Client;
  const host = () => `${product.url}/api/mem0`;
  const nativeMemories = async (user: ApiUser, endUserId: string) =>
    ok<{ memories: NativeMemory[] }>(
      await user.call(`/api/user/${user.userId}/memories?end_user_id=${endUserId}&limit=100`),
    ).memories;

  beforeAll(async () => {
    alice = await newApiUser(product);
    bob = await newApiUser(product);
    client = new MemoryClient({ apiKey: alice.key, host: host() });
    bobClient = new MemoryClient({ apiKey: bob.key, host: host() });
  });

  afterAll(async () => {
    jest.restoreAllMocks();
  });

  it('ping answers for a valid key; a bad key is an AuthenticationError', async () => {
    await expect(client.ping()).resolves.toBeUndefined();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const stranger = new MemoryClient({ apiKey: 'mblt_notakeyatall000000000000000000', host: host() });
    await expect(stranger.ping()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(stranger.getAll({ filters: { user_id: 'dana' } })).rejects.toBeInstanceOf(
      AuthenticationError,
    );
  });

  it('takes the key as Authorization: Token or X-API-Key here, and Token nowhere else', async () => {
    const viaHeader = await callApi(product.url, alice.key, '/api/mem0/v1/ping/');
    expect(ok<{ status: string }>(viaHeader).status).toBe('ok');
    const nativeWithToken = await fetch(`${product.url}/api/user/${alice.userId}/memories`, {
      headers: { Authorization: `Token ${alice.key}` },
    });
    expect(nativeWithToken.status).toBe(401);
  });

  it('add learns facts into the user_id scope: ADD, then a contradiction closes the old fact (DELETE)', async () => {
    const first = (await client.add([{ role: 'user', content: 'I live in Paris.' }], {
      userId: 'dana',
      metadata: { channel: 'support' },
    })) as unknown as { results: Array<Record<string, unknown>> };
    expect(first.results).toEqual([
      expect.objectContaining({ event: 'ADD', memory: 'User lives in Paris.', userId: 'dana' }),
    ]);
    const second = (await client.add([{ role: 'user', content: 'I live in Vienna.' }], {
      userId: 'dana',
    })) as unknown as { results: Array<Record<string, unknown>> };
    expect(second.results.map((result) => [result['event'], result['memory']])).toEqual([
      ['DELETE', 'User lives in Paris.'],
      ['ADD', 'User lives in Vienna.'],
    ]);
    expect(second.results[0]).toMatchObject({ memboltEvent: 'CLOSE', id: first.results[0]!['id'] });
    expect(second.results[0]!['validTo']).not.toBeNull();
    const again = (await client.add([{ role: 'user', content: 'I live in Vienna.' }], {
      userId: 'dana',
    })) as unknown as { results: Array<Record<string, unknown>> };
    expect(again.results.map((result) => result['event'])).toEqual(['NONE']);
  });

  it('add with infer false stores the messages as they are', async () => {
    const stored = (await client.add(
      [
        { role: 'user', content: 'Prefers phone calls after 6 pm.' },
        { role: 'assistant', content: 'Noted, evenings it is.' },
      ],
      { userId: 'dana', infer: false, metadata: { channel: 'phone' } },
    )) as unknown as { results: Array<Record<string, unknown>> };
    expect(stored.results.map((result) => [result['event'], result['memory']])).toEqual([
      ['ADD', 'Prefers phone calls after 6 pm.'],
      ['ADD', 'Noted, evenings it is.'],
    ]);
  });

  it('add with async answers an event at once; the event ends SUCCEEDED with the events of a sync add', async () => {
    const queued = (await client.add([{ role: 'user', content: 'I live in Oslo.' }], {
      userId: 'erik',
      asyncMode: true,
    })) as unknown as { results: Array<{ status: string; eventId: string }> };
    expect(queued.results[0]!.status).toBe('PENDING');
    const eventId = queued.results[0]!.eventId;
    let event: { status: string; results: Array<{ event: string; memory: string }> } | undefined;
    for (let attempt = 0; attempt < 200; attempt++) {
      const answer = await fetch(`${host()}/v1/event/${eventId}/`, {
        headers: { Authorization: `Token ${alice.key}` },
      });
      event = (await answer.json()) as typeof event;
      if (event?.status === 'SUCCEEDED' || event?.status === 'FAILED') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(event?.status).toBe('SUCCEEDED');
    expect(event?.results.map(({ event: kind, memory }) => [kind, memory])).toEqual([
      ['ADD', 'User lives in Oslo.'],
    ]);
    const bobsView = await fetch(`${host()}/v1/event/${eventId}/`, {
      headers: { Authorization: `Token ${bob.key}` },
    });
    expect(bobsView.status).toBe(404);
  });

  it('native async add: 202 with a job, idempotent by Idempotency-Key, same result as sync', async () => {
    const path = `/api/user/${alice.userId}/memories`;
    const body = { end_user_id: 'frank', async: true, messages: 'I work as a nurse.' };
    const headers = { 'Idempotency-Key': 'frank-1' };
    const queued = ok<{ job_id: string; status_url: string }>(
      await alice.call(path, { method: 'POST', body, headers }),
      202,
    );
    const repeated = ok<{ job_id: string }>(await alice.call(path, { method: 'POST', body, headers }), 202);
    expect(repeated.job_id).toBe(queued.job_id);
    let job: { status: string; result: { results: Array<{ event: string; text: string }> } | null } = {
      status: 'queued',
      result: null,
    };
    for (let attempt = 0; attempt < 200 && job.status !== 'done' && job.status !== 'failed'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = ok(await alice.call(queued.status_url));
    }
    expect(job.status).toBe('done');
    const sync = ok<{ results: Array<{ event: string; text: string }> }>(
      await alice.call(path, {
        method: 'POST',
        body: { end_user_id: 'gina', messages: 'I work as a nurse.' },
      }),
      201,
    );
    expect(job.result?.results.map(({ event, text }) => [event, text])).toEqual(
      sync.results.map(({ event, text }) => [event, text]),
    );
    expect((await nativeMemories(alice, 'frank')).map((memory) => memory.text)).toEqual(
      sync.results.map((result) => result.text),
    );
    // Another account's key: not found, and async without inference is refused.
    expect((await bob.call(`/api/user/${bob.userId}/memories/jobs/${queued.job_id}`)).status).toBe(404);
    expect((await alice.call(path, { method: 'POST', body: { ...body, infer: false } })).status).toBe(400);
  });

  it('search follows filters, top_k and threshold, and never shows another end user’s memories', async () => {
    const found = await client.search('Where does Dana live?', {
      filters: { AND: [{ user_id: 'dana' }] },
      topK: 2,
    });
    expect(found.results.length).toBeLessThanOrEqual(2);
    expect(found.results[0]).toMatchObject({ memory: 'User lives in Vienna.', userId: 'dana' });
    expect(typeof found.results[0]!.score).toBe('number');
    const none = await client.search('Where does Dana live?', {
      filters: { user_id: 'dana' },
      threshold: 1,
    });
    expect(none.results).toEqual([]);
    const erik = await client.search('Where does Dana live?', { filters: { user_id: 'erik' } });
    expect(erik.results.map((result) => result.memory)).toEqual(['User lives in Oslo.']);
    await expect(
      client.search('Vienna', { filters: { OR: [{ user_id: 'dana' }, { user_id: 'erik' }] } }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('getAll pages through the user_id scope with count, next and previous', async () => {
    const all = await client.getAll({ filters: { user_id: 'dana' } });
    expect(all.count).toBe(3);
    expect(all.results.map((memory) => memory.memory).sort()).toEqual([
      'Noted, evenings it is.',
      'Prefers phone calls after 6 pm.',
      'User lives in Vienna.',
    ]);
    const first = await client.getAll({ filters: { user_id: 'dana' }, page: 1, pageSize: 2 });
    const second = await client.getAll({ filters: { user_id: 'dana' }, page: 2, pageSize: 2 });
    expect([first.results.length, second.results.length]).toEqual([2, 1]);
    expect(first.next).not.toBeNull();
    expect(second.next).toBeNull();
    expect(second.previous).not.toBeNull();
    expect(new Set([...first.results, ...second.results].map((memory) => memory.id)).size).toBe(3);
    const erik = await client.getAll({ filters: { user_id: 'erik' } });
    expect(erik.results.map((memory) => memory.memory)).toEqual(['User lives in Oslo.']);
    // Filters beyond the scope pass through as the native filter (the same syntax).
    const byMetadata = await client.getAll({
      filters: { AND: [{ user_id: 'dana' }, { metadata: { channel: 'phone' } }] },
    });
    expect(byMetadata.results.map((memory) => memory.memory).sort()).toEqual([
      'Noted, evenings it is.',
      'Prefers phone calls after 6 pm.',
    ]);
    const later = await client.search('Vienna', {
      filters: { user_id: 'dana', created_at: { gte: '2999-01-01T00:00:00Z' } },
    });
    expect(later.results).toEqual([]);
    await expect(
      client.getAll({ filters: { AND: [{ user_id: 'dana' }, { created_at: { gtx: 1 } }] } }),
    ).rejects.toThrow(/filters\.AND\[1\]\.created_at/);
    expect((await bobClient.getAll({ filters: { user_id: 'dana' } })).count).toBe(0);
  });

  it('get, update and history by id alone; another account’s key finds nothing and changes nothing', async () => {
    const [vienna] = (await client.search('Vienna', { filters: { user_id: 'dana' }, topK: 1 })).results;
    const id = vienna!.id;
    expect(await client.get(id)).toMatchObject({ id, memory: 'User lives in Vienna.', userId: 'dana' });
    const updated = (await client.update(id, { text: 'User lives in Graz.' })) as unknown as {
      memory: string;
    };
    expect(updated.memory).toBe('User lives in Graz.');
    await client.update(id, { expirationDate: '2999-01-31' });
    expect((await client.get(id)).expirationDate).toMatch(/^2999-01-31/);
    await client.update(id, { expirationDate: null });
    expect((await client.get(id)).expirationDate).toBeNull();
    const history = await client.history(id);
    expect(history.map((entry) => [entry.event, entry.oldMemory, entry.newMemory])).toEqual([
      ['ADD', null, 'User lives in Vienna.'],
      ['UPDATE', 'User lives in Vienna.', 'User lives in Graz.'],
      ['UPDATE', 'User lives in Graz.', 'User lives in Graz.'],
      ['UPDATE', 'User lives in Graz.', 'User lives in Graz.'],
    ]);

    await expect(bobClient.get(id)).rejects.toBeInstanceOf(MemoryNotFoundError);
    await expect(bobClient.update(id, { text: 'Hijacked.' })).rejects.toBeInstanceOf(MemoryNotFoundError);
    await expect(bobClient.history(id)).rejects.toBeInstanceOf(MemoryNotFoundError);
    await expect(bobClient.delete(id)).rejects.toBeInstanceOf(MemoryNotFoundError);
    await expect(
      bobClient.feedback({ memoryId: id, feedback: mem0.Feedback.VERY_NEGATIVE }),
    ).rejects.toBeInstanceOf(MemoryNotFoundError);
    const bobBatch = (await bobClient.batchDelete([id])) as unknown as { results: Array<{ status: string }> };
    expect(bobBatch.results.map((result) => result.status)).toEqual(['not_found']);
    expect(await client.get(id)).toMatchObject({ memory: 'User lives in Graz.', version: 4 });
  });

  it('feedback moves the importance and is kept in the metadata', async () => {
    const [graz] = (await client.search('Graz', { filters: { user_id: 'dana' }, topK: 1 })).results;
    const before = (await nativeMemories(alice, 'dana')).find((memory) => memory.id === graz!.id)!;
    const answer = (await client.feedback({
      memoryId: graz!.id,
      feedback: mem0.Feedback.POSITIVE,
      feedbackReason: 'spot on',
    })) as unknown as { importance: number };
    expect(answer.importance).toBeCloseTo(Math.min(1, before.importance + 0.1), 5);
    expect(await client.get(graz!.id)).toMatchObject({
      metadata: expect.objectContaining({ feedback: 'POSITIVE', feedback_reason: 'spot on' }),
    });
  });

  it('users lists end users with counts; batchUpdate and batchDelete answer per item', async () => {
    const users = await client.users();
    expect(users.results.map((user) => [user.name, user.type]).sort()).toEqual(
      expect.arrayContaining([
        ['dana', 'user'],
        ['erik', 'user'],
      ]),
    );
    // Paris, closed by Vienna, is still held (for the past): it counts.
    expect(users.results.find((user) => user.name === 'dana')?.totalMemories).toBe(4);

    const dana = (await client.getAll({ filters: { user_id: 'dana' } })).results;
    const [note, calls] = [
      dana.find((memory) => memory.memory === 'Noted, evenings it is.')!,
      dana.find((memory) => memory.memory === 'Prefers phone calls after 6 pm.')!,
    ];
    const updated = (await client.batchUpdate([
      { memoryId: calls.id, text: 'Prefers phone calls after 7 pm.' },
      { memoryId: 'no-such-memory', text: 'Nothing.' },
    ])) as unknown as { results: Array<{ status: string }>; succeeded: number };
    expect(updated.results.map((result) => result.status)).toEqual(['updated', 'not_found']);
    expect((await client.get(calls.id)).memory).toBe('Prefers phone calls after 7 pm.');

    const deleted = (await client.batchDelete([note.id])) as unknown as {
      results: Array<{ status: string }>;
    };
    expect(deleted.results.map((result) => result.status)).toEqual(['deleted']);
    await expect(client.get(note.id)).rejects.toBeInstanceOf(MemoryNotFoundError);
  });

  it('native batch routes change and delete within the scope only, per item', async () => {
    const path = `/api/user/${alice.userId}/memories`;
    const [oslo] = await nativeMemories(alice, 'erik');
    const update = ok<{ results: Array<{ status: string }> }>(
      await alice.call(`${path}/batch`, {
        method: 'PUT',
        body: { end_user_id: 'erik', memories: [{ memory_id: oslo!.id, importance: 0.9 }] },
      }),
    );
    expect(update.results.map((result) => result.status)).toEqual(['updated']);
    // The same id in another end user's scope is not found there, and nothing changes.
    const wrongScope = ok<{ results: Array<{ status: string }> }>(
      await alice.call(`${path}/batch`, {
        method: 'DELETE',
        body: { end_user_id: 'dana', memory_ids: [oslo!.id] },
      }),
    );
    expect(wrongScope.results.map((result) => result.status)).toEqual(['not_found']);
    const bobs = await bob.call(`/api/user/${bob.userId}/memories/batch`, {
      method: 'DELETE',
      body: { end_user_id: 'erik', memory_ids: [oslo!.id] },
    });
    expect(ok<{ results: Array<{ status: string }> }>(bobs).results[0]!.status).toBe('not_found');
    expect((await nativeMemories(alice, 'erik'))[0]).toMatchObject({ id: oslo!.id, importance: 0.9 });
    const tooMany = await alice.call(`${path}/batch`, {
      method: 'DELETE',
      body: { memory_ids: Array.from({ length: 1001 }, (_, index) => `m${index}`) },
    });
    expect(tooMany.status).toBe(400);
  });

  it('exports in Mem0’s format and imports it back, both ways', async () => {
    const created = await client.createMemoryExport({ schema: {}, filters: { user_id: 'dana' } });
    const exported = (await client.getMemoryExport({ memoryExportId: created.id })) as unknown as {
      results: Array<Record<string, unknown>>;
    };
    // Closed facts travel too, with their valid_to: the file keeps the past.
    expect(exported.results.map((memory) => [memory['memory'], memory['validTo'] !== null]).sort()).toEqual([
      ['Prefers phone calls after 7 pm.', false],
      ['User lives in Graz.', false],
      ['User lives in Paris.', true],
    ]);
    // The client's own (camelCase) output, sent back as a file: it lands in another end user's scope.
    const imported = await alice.call(`/api/user/${alice.userId}/memories/import?end_user_id=dana-copy`, {
      method: 'POST',
      body: exported,
    });
    expect(ok<{ imported: number }>(imported).imported).toBe(3);
    expect((await nativeMemories(alice, 'dana-copy')).map((memory) => memory.text).sort()).toEqual([
      'Prefers phone calls after 7 pm.',
      'User lives in Graz.',
    ]);
    // The native export in Mem0's format, into another account.
    const file = await alice.call(`/api/user/${alice.userId}/memories/export?end_user_id=dana&format=mem0`);
    expect(file.headers.get('content-type')).toMatch(/application\/json/);
    const intoBob = await bob.call(`/api/user/${bob.userId}/memories/import`, {
      method: 'POST',
      raw: { text: file.text, contentType: 'application/json' },
    });
    expect(ok<{ imported: number }>(intoBob).imported).toBe(3);
    expect((await nativeMemories(bob, 'dana')).map((memory) => memory.text).sort()).toEqual([
      'Prefers phone calls after 7 pm.',
      'User lives in Graz.',
    ]);
  });

  it('delete, deleteAll and deleteUsers erase with a receipt beside Mem0’s message', async () => {
    const [oslo] = (await client.getAll({ filters: { user_id: 'erik' } })).results;
    const deleted = (await client.delete(oslo!.id)) as unknown as {
      message: string;
      receipt: { memoryIds: string[] };
    };
    expect(deleted.message).toBe('Memory deleted successfully!');
    expect(deleted.receipt.memoryIds).toEqual([oslo!.id]);

    await client.add([{ role: 'user', content: 'Likes tea.' }], { userId: 'frank', infer: false });
    await expect(client.deleteAll({})).rejects.toBeInstanceOf(ValidationError);
    const all = await client.deleteAll({ userId: 'frank' });
    expect(all.message).toBe('Memories deleted successfully!');
    expect((await client.getAll({ filters: { user_id: 'frank' } })).count).toBe(0);

    expect((await client.deleteUsers({ userId: 'dana' })).message).toBe('Entity deleted successfully.');
    expect((await client.getAll({ filters: { user_id: 'dana' } })).count).toBe(0);
    await client.deleteUser({ entity_id: 'gina' as unknown as number, entity_type: 'user' });
    expect((await client.users()).results.map((user) => user.name)).not.toContain('gina');
    // Bob's copy of dana is his own: untouched by Alice's erasure.
    expect((await nativeMemories(bob, 'dana')).length).toBe(2);
  });

  it('webhooks: the client creates, lists, updates and deletes them; events map both ways; Bob sees none', async () => {
    const created = (await client.createWebhook({
      name: 'Memory logger',
      url: receiver.url,
      eventTypes: [mem0.WebhookEvent.MEMORY_ADDED, mem0.WebhookEvent.MEMORY_DELETED],
    })) as unknown as Record<string, unknown>;
    expect(created).toMatchObject({
      name: 'Memory logger',
      url: receiver.url,
      eventTypes: ['memory_add', 'memory_delete'],
      isActive: true,
      project: alice.userId,
    });
    expect(String(created['secret'])).toMatch(/^whsec_/);
    const webhookId = String(created['webhookId']);
    // The same endpoint on the native route, with Membolt's event names.
    const native = ok<{ webhooks: Array<{ id: string; events: string[]; description: string }> }>(
      await alice.call(`/api/user/${alice.userId}/webhooks`),
    );
    expect(native.webhooks).toEqual([
      expect.objectContaining({
        id: webhookId,
        events: ['memory.created', 'memory.deleted'],
        description: 'Memory logger',
      }),
    ]);

    // A Mem0 add is delivered to it as memory.created, signed with the secret the client was given.
    const added = (await client.add([{ role: 'user', content: 'I live in Porto.' }], {
      userId: 'hugo',
    })) as unknown as { results: Array<{ id: string }> };
    const porto = added.results[0]!.id;
    const deadline = Date.now() + 60_000;
    while (!received.some((delivery) => delivery.body.includes(porto)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const delivery = received.find((entry) => entry.body.includes(porto));
    expect(delivery).toBeDefined();
    expect(JSON.parse(delivery!.body)).toMatchObject({
      type: 'memory.created',
      data: { memory_ids: [porto], end_user_id: 'hugo' },
    });
    expect(verifyMemboltWebhook(String(created['secret']), delivery!.body, delivery!.signature)).toBe(true);

    const updated = (await client.updateWebhook({
      webhookId,
      name: 'Renamed',
      eventTypes: [mem0.WebhookEvent.MEMORY_UPDATED],
    })) as unknown as Record<string, unknown>;
    expect(updated).toMatchObject({ message: 'Webhook updated successfully', name: 'Renamed' });
    expect(await client.getWebhooks()).toEqual([
      expect.objectContaining({ webhookId, name: 'Renamed', eventTypes: ['memory_update'], isActive: true }),
    ]);
    // The API reference's spelling (memory:add) is read too; memory_categorize has no counterpart.
    const spelled = await callApi(product.url, alice.key, `/api/mem0/api/v1/webhooks/${webhookId}/`, {
      method: 'PUT',
      body: { event_types: ['memory:add'], is_active: false },
    });
    expect(ok<{ event_types: string[]; is_active: boolean }>(spelled)).toMatchObject({
      event_types: ['memory_add'],
      is_active: false,
    });
    await expect(
      client.updateWebhook({
        webhookId,
        eventTypes: ['memory_categorize'] as unknown as Parameters<Client['updateWebhook']>[0]['eventTypes'],
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    // Every field null is nothing to update: a 400 that says what can be given, and the webhook unchanged.
    const allNull = await callApi(product.url, alice.key, `/api/mem0/api/v1/webhooks/${webhookId}/`, {
      method: 'PUT',
      body: { url: null, name: null, event_types: null, is_active: null, project_id: null },
    });
    expect(allNull.status).toBe(400);
    expect(allNull.body).toEqual({
      error: 'validation_error',
      message: 'Nothing to update: give name, url, event_types or is_active.',
    });
    expect(await client.getWebhooks()).toEqual([
      expect.objectContaining({ webhookId, name: 'Renamed', eventTypes: ['memory_add'], isActive: false }),
    ]);
    await expect(
      client.createWebhook({ name: 'x', url: 'not a url', eventTypes: [] }),
    ).rejects.toBeInstanceOf(ValidationError);

    // Bob: his project lists none of Alice's; her project is not his; her webhook is not found for him.
    expect(await bobClient.getWebhooks()).toEqual([]);
    const foreignProject = await callApi(
      product.url,
      bob.key,
      `/api/mem0/api/v1/webhooks/projects/${alice.userId}/`,
    );
    expect(foreignProject.status).toBe(403);
    await expect(bobClient.updateWebhook({ webhookId, name: 'Taken' })).rejects.toBeInstanceOf(
      MemoryNotFoundError,
    );
    await expect(bobClient.deleteWebhook({ webhookId })).rejects.toBeInstanceOf(MemoryNotFoundError);
    expect((await client.getWebhooks())[0]).toMatchObject({ webhookId, name: 'Renamed' });

    const removed = (await client.deleteWebhook({ webhookId })) as unknown as { message: string };
    expect(removed.message).toBe('Webhook deleted successfully');
    expect(await client.getWebhooks()).toEqual([]);
  });

  it("custom categories: updateProject sets the account's, getProject reads them, memories carry them; Bob sees none", async () => {
    await client.updateProject({
      customCategories: [{ travel: 'Trips, flights and hotels' }, { health: 'Doctors and sleep' }],
    });
    const project = await client.getProject({ fields: ['custom_categories'] });
    expect(project.customCategories).toEqual([
      { health: 'Doctors and sleep' },
      { travel: 'Trips, flights and hotels' },
    ]);
    const native = ok<{ categories: Array<{ name: string }> }>(
      await alice.call(`/api/user/${alice.userId}/categories`),
    );
    expect(native.categories.map((c) => c.name)).toEqual(['health', 'travel']);
    const stored = ok<{ id: string; category: string | null }>(
      await alice.call(`/api/user/${alice.userId}/memories`, {
        method: 'POST',
        body: { text: 'Booked a ryokan in Kyoto.', category: 'travel' },
      }),
      201,
    );
    expect((await client.get(stored.id)).categories).toEqual(['travel']);

    // The list replaces the account's: travel described again, health gone (its memories uncategorised).
    await client.updateProject({ customCategories: [{ travel: 'Journeys' }] });
    expect((await client.getProject({ fields: ['custom_categories'] })).customCategories).toEqual([
      { travel: 'Journeys' },
    ]);
    const refused = await client.updateProject({ customCategories: [{ work: 'x' }] }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Error);
    expect((await client.getProject({ fields: ['custom_categories'] })).customCategories).toEqual([
      { travel: 'Journeys' },
    ]);
    expect((await bobClient.getProject({ fields: ['custom_categories'] })).customCategories).toEqual([]);
    // Alice's project with Bob's key: refused.
    expect(
      (await bob.call(`/api/mem0/api/v1/orgs/organizations/${alice.userId}/projects/${alice.userId}/`))
        .status,
    ).toBe(403);
  });

  it('add with expirationDate: the memories it adds expire then; a bad date is refused and stores nothing', async () => {
    const learnt = (await client.add([{ role: 'user', content: 'I work as a pilot.' }], {
      userId: 'ines',
      expirationDate: '2099-12-31',
    })) as unknown as { results: Array<{ id: string; expirationDate: string | null }> };
    expect(learnt.results).toHaveLength(1);
    expect(learnt.results[0]!.expirationDate).toMatch(/^2099-12-31/);
    const verbatim = (await client.add([{ role: 'user', content: 'Call after 6 pm.' }], {
      userId: 'ines',
      infer: false,
      expirationDate: '2099-06-30',
    })) as unknown as { results: Array<{ expirationDate: string | null }> };
    expect(verbatim.results[0]!.expirationDate).toMatch(/^2099-06-30/);
    const native = await nativeMemories(alice, 'ines');
    expect(native).toHaveLength(2);
    await expect(
      client.add([{ role: 'user', content: 'I like jazz.' }], {
        userId: 'ines',
        expirationDate: 'next week',
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(await nativeMemories(alice, 'ines')).toHaveLength(2);
  });

  it('learning from messages is metered as a chat call, with the cost headers; a text add and bad input are not', async () => {
    type Usage = { usage: Array<{ endpoint: string; calls: number; tokens: number }> };
    const chatCalls = async () =>
      ok<Usage>(await alice.call('/api/usage'))
        .usage.filter((row) => row.endpoint === '/chat')
        .reduce((sum, row) => ({ calls: sum.calls + row.calls, tokens: sum.tokens + row.tokens }), {
          calls: 0,
          tokens: 0,
        });
    const before = await chatCalls();
    const path = `/api/user/${alice.userId}/memories`;
    const learnt = await alice.call(path, {
      method: 'POST',
      body: { end_user_id: 'jana', messages: [{ role: 'user', content: 'I live in Rome.' }] },
    });
    expect(learnt.status).toBe(201);
    const tokens = Number(learnt.headers.get('x-membolt-tokens'));
    expect(tokens).toBeGreaterThan(0);
    expect(learnt.headers.get('x-membolt-cost-cents')).toMatch(/^\d+\.\d{6}$/);
    const afterOne = await chatCalls();
    expect(afterOne).toEqual({ calls: before.calls + 1, tokens: before.tokens + tokens });

    // Through Mem0's add too.
    const viaMem0 = await callApi(product.url, alice.key, '/api/mem0/v3/memories/add/', {
      method: 'POST',
      body: { user_id: 'jana', messages: [{ role: 'user', content: 'I work at Fiat.' }] },
    });
    expect(viaMem0.status).toBe(200);
    expect(Number(viaMem0.headers.get('x-membolt-tokens'))).toBeGreaterThan(0);

    // A text add and infer: false read no conversation: not metered. Bad input is refused unmetered.
    const text = await alice.call(path, {
      method: 'POST',
      body: { end_user_id: 'jana', text: 'Has a cat.' },
    });
    expect(text.status).toBe(201);
    expect(text.headers.get('x-membolt-tokens')).toBeNull();
    const verbatim = await alice.call(path, {
      method: 'POST',
      body: { end_user_id: 'jana', messages: 'Has a dog.', infer: false },
    });
    expect(verbatim.headers.get('x-membolt-tokens')).toBeNull();
    const bad = await alice.call(path, {
      method: 'POST',
      body: { end_user_id: 'jana', messages: [{ role: 'robot', content: 'Beep.' }] },
    });
    expect(bad.status).toBe(400);
    expect((await chatCalls()).calls).toBe(before.calls + 2);
    // Bob's usage has none of Alice's learning.
    const bobs = ok<Usage>(await bob.call('/api/usage')).usage.filter((row) => row.endpoint === '/chat');
    expect(bobs).toEqual([]);
  });
});
