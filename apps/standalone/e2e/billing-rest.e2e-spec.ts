import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { BusClient } from '@membolt/bus';
import { countTokensProcessed, KeysSubjects, MemorySubjects } from '@membolt/contracts';
import { RetentionPurgeJob } from '@membolt/memory';
import { runCliCommand } from '../src/cli/membolt-cli.js';
import { type ApiUser, expectError, newApiUser, ok, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';

jest.setTimeout(120_000);

interface UsageJson {
  usage: Array<{ day: string; endpoint: string; calls: number; tokens: number; cost_cents: string }>;
  totals: { calls: number; tokens: number; cost_cents: string };
}

/** Enforcement, metering headers, usage and subscription over the real REST gateway. */
describe('REST billing: 402 refusals, cost headers, usage and subscription', () => {
  const product = useStandalone('billing-rest', UNLIMITED_GATEWAY);
  let bus: BusClient;
  let cli: (...argv: string[]) => Promise<Record<string, unknown>>;
  let alice: ApiUser;

  beforeAll(async () => {
    bus = product.app.get(BusClient);
    cli = (...argv) => runCliCommand(bus, argv);
    alice = await newApiUser(product);
    ok(
      await alice.call(`/api/user/${alice.userId}/memories`, {
        method: 'POST',
        body: { text: 'Likes tea.' },
      }),
      201,
    );
  });

  it('answers a metered call with its tokens and cost; the developer API price is 30 cents per million tokens', async () => {
    const answer = await alice.call(`/api/user/${alice.userId}/memories?limit=5`);
    const body = ok(answer);
    const tokens = Number(answer.headers.get('X-Membolt-Tokens'));
    expect(tokens).toBe(
      countTokensProcessed({ params: { userId: alice.userId }, query: { limit: '5' } }, body),
    );
    // Free plan: no charge, only the tokens' price (30 micro-cents each).
    expect(answer.headers.get('X-Membolt-Cost-Cents')).toBe(`0.${String(tokens * 30).padStart(6, '0')}`);
    const search = await alice.call(`/api/user/${alice.userId}/search?query=tea`);
    ok(search);
    expect(Number(search.headers.get('X-Membolt-Tokens'))).toBeGreaterThan(0);
    // Unmetered routes carry no cost headers.
    const stats = await alice.call(`/api/user/${alice.userId}/memory_stats`);
    expect(stats.headers.get('X-Membolt-Tokens')).toBeNull();
  });

  it('GET /api/subscription answers the check for the key owner', async () => {
    expect(ok(await alice.call('/api/subscription'))).toEqual({
      valid: true,
      reason: null,
      plan: 'free',
      balance: 0,
      rate: 1,
      conversations_used: 0,
      limit: 10,
    });
  });

  it('GET /api/usage sums the owner’s calls by day and endpoint, with totals and cost', async () => {
    const user = await newApiUser(product);
    for (let i = 0; i < 3; i++) ok(await user.call(`/api/user/${user.userId}/memories`));
    ok(await user.call(`/api/user/${user.userId}/search?query=anything`));
    const usage = ok<UsageJson>(await user.call('/api/usage'));
    expect(usage.usage.map(({ endpoint, calls }) => ({ endpoint, calls }))).toEqual([
      { endpoint: '/memories', calls: 3 },
      { endpoint: '/search', calls: 1 },
    ]);
    expect(usage.totals.calls).toBe(4);
    expect(usage.totals.tokens).toBe(usage.usage.reduce((sum, row) => sum + row.tokens, 0));
    // Alice's calls are not in another user's usage, and a bad period is refused.
    expect(ok<UsageJson>(await alice.call('/api/usage')).totals.calls).toBeGreaterThanOrEqual(2);
    expectError(
      await user.call('/api/usage?from=yesterday'),
      400,
      'validation_error',
      'from must be an ISO 8601 date',
    );
    expectError(
      await user.call('/api/usage?from=2026-05-01&to=2026-04-01'),
      400,
      'validation_error',
      '"from" must be before "to", and the period at most 366 days.',
    );
  });

  it('refuses with 402 and the reason when the subscription is inactive, and lets the call through again after', async () => {
    const user = await newApiUser(product);
    await cli('subscription:status', '--user', user.userId, '--status', 'inactive');
    for (const path of [`/api/user/${user.userId}/memories`, `/api/user/${user.userId}/search?query=x`]) {
      expectError(await user.call(path), 402, 'inactive_account', 'Your subscription is inactive.');
    }
    expectError(
      await user.call(`/api/user/${user.userId}/memories/6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73`, {
        method: 'DELETE',
      }),
      402,
      'inactive_account',
      'Your subscription is inactive.',
    );
    expect(ok(await user.call('/api/subscription'))).toMatchObject({
      valid: false,
      reason: 'inactive_account',
    });
    await cli('subscription:status', '--user', user.userId, '--status', 'active');
    ok(await user.call(`/api/user/${user.userId}/memories`));
  });

  it('charges pay-per-use 1 cent per call, says so in the headers, and refuses at zero with insufficient_balance', async () => {
    const user = await newApiUser(product);
    await cli('subscription:plan', '--user', user.userId, '--plan', 'pay-per-use');
    expectError(
      await user.call(`/api/user/${user.userId}/memories`),
      402,
      'insufficient_balance',
      'Your balance is too low for this call. Please add funds.',
    );
    await cli('funds:add', '--user', user.userId, '--cents', '100');
    const answer = await user.call(`/api/user/${user.userId}/memories`);
    ok(answer);
    const tokens = Number(answer.headers.get('X-Membolt-Tokens'));
    expect(answer.headers.get('X-Membolt-Cost-Cents')).toBe(`1.${String(tokens * 30).padStart(6, '0')}`);
    expect(ok(await user.call('/api/subscription'))).toMatchObject({ plan: 'pay-per-use', balance: 99 });
    // A failed call (unknown memory: 404) gives its cent back.
    expectError(
      await user.call(`/api/user/${user.userId}/memories/6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73`, {
        method: 'DELETE',
      }),
      404,
      'not_found',
      /./,
    );
    expect(ok(await user.call('/api/subscription'))).toMatchObject({ balance: 99 });
  });

  it('meters the chat: a new conversation counts on the Free plan, a follow-up does not, the answer carries its cost', async () => {
    const user = await newApiUser(product);
    const first = await user.call('/api/chat', { method: 'POST', body: { message: 'I grow tomatoes.' } });
    const turn = ok<{ conversation_id: string }>(first);
    expect(Number(first.headers.get('X-Membolt-Tokens'))).toBeGreaterThan(0);
    expect(first.headers.get('X-Membolt-Cost-Cents')).toMatch(/^0\.\d{6}$/);
    ok(
      await user.call('/api/chat', {
        method: 'POST',
        body: { message: 'And peppers.', conversationId: turn.conversation_id },
      }),
    );
    expect(ok(await user.call('/api/subscription'))).toMatchObject({ conversations_used: 1 });
    // A turn that carries its history continues a conversation the caller keeps: not counted again.
    ok(
      await user.call('/api/chat', {
        method: 'POST',
        body: {
          message: 'And basil?',
          history: [
            { role: 'user', content: 'I grow tomatoes.' },
            { role: 'assistant', content: 'Noted.' },
          ],
        },
      }),
    );
    expect(ok(await user.call('/api/subscription'))).toMatchObject({ conversations_used: 1 });
    // A streamed turn is metered too: one more conversation, recorded under /chat.
    const streamed = await user.call('/api/chat', {
      method: 'POST',
      body: { message: 'Streamed hello.' },
      headers: { accept: 'text/event-stream' },
    });
    expect(streamed.status).toBe(200);
    expect(streamed.text).toContain('event: done');
    expect(ok(await user.call('/api/subscription'))).toMatchObject({ conversations_used: 2 });
    const usage = ok<UsageJson>(await user.call('/api/usage'));
    expect(usage.usage.find((row) => row.endpoint === '/chat')?.calls).toBe(4);
    // A refused message (validation) costs nothing and counts no conversation.
    expectError(
      await user.call('/api/chat', { method: 'POST', body: { message: '' } }),
      400,
      'validation_error',
      /./,
    );
    expect(ok(await user.call('/api/subscription'))).toMatchObject({ conversations_used: 2 });
  });

  it('refuses a chat with 402 and the reason, streamed or not, before any answer is written', async () => {
    const user = await newApiUser(product);
    await cli('subscription:status', '--user', user.userId, '--status', 'inactive');
    expectError(
      await user.call('/api/chat', { method: 'POST', body: { message: 'Hello?' } }),
      402,
      'inactive_account',
      'Your subscription is inactive.',
    );
    const streamed = await user.call('/api/chat', {
      method: 'POST',
      body: { message: 'Hello?' },
      headers: { accept: 'text/event-stream' },
    });
    expectError(streamed, 402, 'inactive_account', 'Your subscription is inactive.');
    expect(streamed.headers.get('content-type')).toContain('application/json');
    await cli('subscription:status', '--user', user.userId, '--status', 'active');
    // Ten conversations is the Free plan's month: the eleventh is refused.
    for (let i = 0; i < 10; i++)
      ok(await user.call('/api/chat', { method: 'POST', body: { message: `Conversation ${i}` } }));
    expectError(
      await user.call('/api/chat', { method: 'POST', body: { message: 'One more.' } }),
      402,
      'free_tier_limit_reached',
      'You have used every conversation your plan includes this month.',
    );
    expect(ok(await user.call('/api/subscription'))).toMatchObject({ conversations_used: 10, valid: false });
  });

  it('applies the plan’s retention: Free keeps 7 days, Pro everything; the preview counts what a plan would remove', async () => {
    const free = await newApiUser(product);
    const pro = await newApiUser(product);
    await cli('subscription:plan', '--user', pro.userId, '--plan', 'pro');
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const lines = [
      { text: 'From the spring trip.', created_at: daysAgo(40) },
      { text: 'From last month.', created_at: daysAgo(10) },
      { text: 'From yesterday.', created_at: daysAgo(1) },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n');
    for (const user of [free, pro]) {
      ok(
        await user.call(`/api/user/${user.userId}/memories/import`, {
          method: 'POST',
          raw: { text: lines, contentType: 'application/x-ndjson' },
        }),
      );
    }
    const texts = async (user: ApiUser) =>
      ok<{ memories: Array<{ text: string }> }>(await user.call(`/api/user/${user.userId}/memories?limit=10`))
        .memories.map((m) => m.text)
        .sort();
    expect(
      await bus.request(MemorySubjects.retentionPreview, { retentionDays: 7 }, { userId: pro.userId }),
    ).toEqual({ retentionDays: 7, memoriesRemoved: 2 });
    expect(
      await bus.request(MemorySubjects.retentionPreview, { retentionDays: 30 }, { userId: pro.userId }),
    ).toEqual({ retentionDays: 30, memoriesRemoved: 1 });

    const purge = product.app.get(RetentionPurgeJob);
    expect(await purge.purge(free.userId)).toEqual({ retentionDays: 7, deleted: 2 });
    expect(await purge.purge(pro.userId)).toEqual({ retentionDays: null, deleted: 0 });
    expect(await texts(free)).toEqual(['From yesterday.']);
    expect(await texts(pro)).toEqual(['From last month.', 'From the spring trip.', 'From yesterday.']);
  });

  it('changes nothing on bad input: no charge, no usage entry', async () => {
    const user = await newApiUser(product);
    await cli('subscription:plan', '--user', user.userId, '--plan', 'pay-per-use');
    await cli('funds:add', '--user', user.userId, '--cents', '100');
    const bad = await user.call(`/api/user/${user.userId}/memories?limit=-3`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('X-Membolt-Tokens')).toBeNull();
    expect(ok(await user.call('/api/subscription'))).toMatchObject({ balance: 100 });
    expect(ok<UsageJson>(await user.call('/api/usage')).totals.calls).toBe(0);
  });

  it('stops a key over its monthly spend cap with 402 spend_cap_reached; the owner’s other keys go on', async () => {
    const user = await newApiUser(product);
    const validation = await bus.request(KeysSubjects.validate, { key: user.key });
    if (!validation.valid) throw new Error('the new key does not validate');
    await cli('key:cap', '--user', user.userId, '--id', validation.keyId, '--cap', '0');
    expectError(
      await user.call(`/api/user/${user.userId}/memories`),
      402,
      'spend_cap_reached',
      'This API key has reached its monthly spend cap.',
    );
    const other = await bus.request(KeysSubjects.create, { name: 'second' }, { userId: user.userId });
    ok(await user.call(`/api/user/${user.userId}/memories`, { key: other.secret }));
    await cli('key:cap', '--user', user.userId, '--id', validation.keyId, '--cap', 'none');
    ok(await user.call(`/api/user/${user.userId}/memories`));
  });

  it('never meters or refuses across users: another user’s key on these paths is 403 and costs nothing', async () => {
    const bob = await newApiUser(product);
    const before = ok<UsageJson>(await bob.call('/api/usage')).totals.calls;
    const answer = await bob.call(`/api/user/${alice.userId}/memories`);
    expectError(answer, 403, 'api_key_foreign_user', 'This API key does not belong to this user.');
    expect(answer.headers.get('X-Membolt-Tokens')).toBeNull();
    expect(ok<UsageJson>(await bob.call('/api/usage')).totals.calls).toBe(before);
  });
});
