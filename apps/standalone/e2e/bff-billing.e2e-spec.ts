import { describe, expect, it, jest } from '@jest/globals';
import { GraphqlBrowser } from '@membolt/bff/testing';
import { BusClient } from '@membolt/bus';
import { KeysSubjects, UsageSubjects } from '@membolt/contracts';
import { randomUUID } from 'node:crypto';
import { runCliCommand } from '../src/cli/membolt-cli.js';
import { signUpOverGraphql, useStandalone } from './support/standalone.js';

jest.setTimeout(120_000);

const LIST = `{ memories(limit: 5) { count } }`;
const SEARCH = `{ memorySearch(query: "tea") { count } }`;
const DELETE = `mutation { deleteMemory(id: "6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73") { deletedAt } }`;
const SUBSCRIPTION = `{ subscription { status plan balanceCents rateCents conversationsUsed conversationsLimit retentionDays renewsAt }
  subscriptionCheck { valid reason plan balanceCents rateCents conversationsUsed conversationsLimit } }`;
const USAGE = `{ usageSummary { totals { calls tokens costCents } daily { day calls } rows { endpoint calls } } }`;
const LEDGER = `{ ledger(limit: 10) { total entries { kind amountCents balanceAfterCents description } } }`;
const ADD_FUNDS = `mutation ($amountCents: Int!) { addFunds(amountCents: $amountCents) { status subscription { balanceCents } } }`;
const CHANGE_PLAN = `mutation ($plan: String!) { changePlan(plan: $plan) { status subscription { plan } } }`;

const newAccount = () => ({
  email: `${randomUUID()}@e2e.membolt.test`,
  name: 'Billing E2E',
  password: `e2e-${randomUUID()}`,
});

/** The web app's billing operations and the server-side enforcement through the BFF. */
describe('BFF billing: enforcement, subscription, usage, ledger, plan changes', () => {
  const product = useStandalone('bff-billing');
  const cli = (...argv: string[]) => runCliCommand(product.app.get(BusClient), argv);

  it('meters the memory screen’s calls and shows the subscription, usage and plan limits', async () => {
    const { browser } = await signUpOverGraphql(product.url, newAccount());
    expect((await browser.request(LIST)).errors).toBeUndefined();
    expect((await browser.request(SEARCH)).errors).toBeUndefined();
    const answer = await browser.request<{
      subscription: Record<string, unknown>;
      subscriptionCheck: Record<string, unknown>;
    }>(SUBSCRIPTION);
    expect(answer.data?.subscription).toMatchObject({
      status: 'active',
      plan: 'free',
      balanceCents: 0,
      rateCents: 1,
      conversationsUsed: 0,
      conversationsLimit: 10,
      retentionDays: 7,
    });
    expect(answer.data?.subscriptionCheck).toEqual({
      valid: true,
      reason: null,
      plan: 'free',
      balanceCents: 0,
      rateCents: 1,
      conversationsUsed: 0,
      conversationsLimit: 10,
    });
    const usage = await browser.request<{
      usageSummary: { totals: { calls: number; costCents: number }; rows: Array<{ endpoint: string }> };
    }>(USAGE);
    expect(usage.data?.usageSummary.totals).toMatchObject({ calls: 2, costCents: 0 });
    expect(usage.data?.usageSummary.rows.map((row) => row.endpoint)).toEqual(['/memories', '/search']);
  });

  it('refuses list, search and delete with extensions.code SUBSCRIPTION_INVALID and the reason', async () => {
    const { browser, userId } = await signUpOverGraphql(product.url, newAccount());
    // Ten conversations this month (what ten new chats count), seeded through billing's own subject.
    const bus = product.app.get(BusClient);
    for (let i = 0; i < 10; i++) {
      await bus.request(
        UsageSubjects.authorize,
        { endpoint: '/chat', method: 'POST', idempotencyKey: `seed-${i}`, newConversation: true },
        { userId },
      );
    }
    for (const operation of [LIST, SEARCH, DELETE]) {
      const result = await browser.request(operation);
      expect(result.errors?.[0]).toMatchObject({
        message: 'You have used every conversation your plan includes this month.',
        extensions: { code: 'SUBSCRIPTION_INVALID', reason: 'free_tier_limit_reached' },
      });
    }
    await cli('subscription:status', '--user', userId, '--status', 'inactive');
    expect((await browser.request(LIST)).errors?.[0]?.extensions).toMatchObject({
      reason: 'inactive_account',
    });
  });

  it('meters the chat: sendChatMessage and POST /chat/stream count new conversations, and are refused with the reason', async () => {
    const { browser, userId } = await signUpOverGraphql(product.url, newAccount());
    const send = await browser.request<{ sendChatMessage: { conversationId: string } }>(
      `mutation { sendChatMessage(input: { message: "I grow tomatoes." }) { conversationId } }`,
    );
    expect(send.errors).toBeUndefined();
    const conversationId = send.data?.sendChatMessage.conversationId ?? '';
    expect(
      (
        await browser.request(
          `mutation ($id: ID) { sendChatMessage(input: { message: "And peppers.", conversationId: $id }) { conversationId } }`,
          { id: conversationId },
        )
      ).errors,
    ).toBeUndefined();
    const stream = () =>
      fetch(`${product.url}/chat/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: browser.jar.header('/chat/stream') },
        body: JSON.stringify({ message: 'Streamed hello.' }),
      });
    const streamed = await stream();
    expect(streamed.status).toBe(200);
    expect(await streamed.text()).toContain('event: done');
    const check = await browser.request<{ subscriptionCheck: { conversationsUsed: number } }>(
      '{ subscriptionCheck { conversationsUsed } }',
    );
    expect(check.data?.subscriptionCheck.conversationsUsed).toBe(2);
    const usage = await browser.request<{
      usageSummary: { rows: Array<{ endpoint: string; calls: number }> };
    }>(USAGE);
    expect(usage.data?.usageSummary.rows.find((row) => row.endpoint === '/chat')?.calls).toBe(3);

    await cli('subscription:status', '--user', userId, '--status', 'inactive');
    const refused = await browser.request(
      `mutation { sendChatMessage(input: { message: "Hello?" }) { conversationId } }`,
    );
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Your subscription is inactive.',
      extensions: { code: 'SUBSCRIPTION_INVALID', reason: 'inactive_account' },
    });
    // The stream is refused before it opens: a JSON answer the page turns into the Subscription problem dialog.
    const refusedStream = await stream();
    expect(refusedStream.status).toBe(402);
    expect(await refusedStream.json()).toEqual({
      code: 'SUBSCRIPTION_INVALID',
      message: 'Your subscription is inactive.',
      reason: 'inactive_account',
    });
  });

  it('adds funds on pay-per-use through the ledger, within $1-$1,000, and changes plans', async () => {
    const { browser, userId } = await signUpOverGraphql(product.url, newAccount());
    // A plan without a monthly price is never the user's to take, whatever the provider: 403, nothing changes.
    for (const [plan, name] of [
      ['pay-per-use', 'Pay-per-use'],
      ['enterprise', 'Enterprise'],
    ] as const) {
      const refused = await browser.request(CHANGE_PLAN, { plan });
      expect(refused.errors?.[0]).toMatchObject({
        message: `The ${name} plan is set up by our team: write to support@membolt.local to get it.`,
        extensions: { code: 'FORBIDDEN' },
      });
    }
    expect((await browser.request<{ ledger: { total: number } }>(LEDGER)).data?.ledger.total).toBe(0);
    await cli('subscription:plan', '--user', userId, '--plan', 'pay-per-use');
    expect((await browser.request(LIST)).errors?.[0]?.extensions).toMatchObject({
      reason: 'insufficient_balance',
    });

    for (const amountCents of [99, 100_001]) {
      const refused = await browser.request(ADD_FUNDS, { amountCents });
      expect(refused.errors?.[0]).toMatchObject({
        message: 'The amount must be between $1 and $1,000.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    const added = await browser.request<{
      addFunds: { status: string; subscription: { balanceCents: number } };
    }>(ADD_FUNDS, { amountCents: 500 });
    expect(added.data?.addFunds).toEqual({ status: 'applied', subscription: { balanceCents: 500 } });
    expect((await browser.request(LIST)).errors).toBeUndefined();
    const ledger = await browser.request<{
      ledger: { total: number; entries: Array<Record<string, unknown>> };
    }>(LEDGER);
    expect(ledger.data?.ledger.entries).toEqual([
      { kind: 'charge', amountCents: -1, balanceAfterCents: 499, description: 'GET /memories' },
      {
        kind: 'top_up',
        amountCents: 500,
        balanceAfterCents: 500,
        description: 'Add funds (simulated payment)',
      },
      {
        kind: 'plan_change',
        amountCents: 0,
        balanceAfterCents: 0,
        description: 'Plan changed from free to pay-per-use',
      },
    ]);
    const unknown = await browser.request(CHANGE_PLAN, { plan: 'platinum' });
    expect(unknown.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('sets a spend cap only on a key of the caller’s own; another user’s key is not found, nothing changes', async () => {
    const owner = await signUpOverGraphql(product.url, newAccount());
    const other = await signUpOverGraphql(product.url, newAccount());
    const bus = product.app.get(BusClient);
    const { apiKey } = await bus.request(
      KeysSubjects.create,
      { name: 'Owner’s key' },
      { userId: owner.userId },
    );
    const SET_CAP = `mutation ($keyId: ID!, $capCents: Int) { setApiKeySpendCap(keyId: $keyId, capCents: $capCents) { keyId capCents } }`;
    const SPEND = `{ apiKeySpend { keyId capCents } }`;

    for (const keyId of [apiKey.id, randomUUID()]) {
      const refused = await other.browser.request(SET_CAP, { keyId, capCents: 1 });
      expect(refused.errors?.[0]).toMatchObject({
        message: 'API key not found.',
        extensions: { code: 'API_KEY_NOT_FOUND' },
      });
    }
    expect((await other.browser.request<{ apiKeySpend: unknown[] }>(SPEND)).data?.apiKeySpend).toEqual([]);
    expect((await owner.browser.request<{ apiKeySpend: unknown[] }>(SPEND)).data?.apiKeySpend).toEqual([]);

    const own = await owner.browser.request<{ setApiKeySpendCap: unknown }>(SET_CAP, {
      keyId: apiKey.id,
      capCents: 500,
    });
    expect(own.data?.setApiKeySpendCap).toEqual({ keyId: apiKey.id, capCents: 500 });
    expect((await owner.browser.request<{ apiKeySpend: unknown[] }>(SPEND)).data?.apiKeySpend).toEqual([
      { keyId: apiKey.id, capCents: 500 },
    ]);
  });

  it('needs a session for every billing operation', async () => {
    const anonymous = new GraphqlBrowser(product.url);
    for (const operation of [SUBSCRIPTION, USAGE, LEDGER, LIST]) {
      expect((await anonymous.request(operation)).errors?.[0]?.extensions).toMatchObject({
        code: 'UNAUTHENTICATED',
      });
    }
  });
});
