import { describe, expect, it, jest } from '@jest/globals';
import { GraphqlBrowser } from '@membolt/bff/testing';
import { randomUUID } from 'node:crypto';
import { createApiKeyOverGraphql, signUpOverGraphql, useStandalone } from './support/standalone.js';
import { verifyMemboltWebhook } from './support/verify-webhook.js';
import { useWebhookReceiver } from './support/webhook-receiver.js';

jest.setTimeout(120_000);

const FIELDS = 'id url events description enabled disabledReason consecutiveFailures createdAt updatedAt';
const LIST = `query { webhooks { ${FIELDS} } }`;
const CREATE = `mutation ($input: CreateWebhookInput!) { createWebhook(input: $input) { secret webhook { ${FIELDS} } } }`;
const SET_ENABLED = `mutation ($id: ID!, $enabled: Boolean!) { setWebhookEnabled(id: $id, enabled: $enabled) { id enabled } }`;
const DELETE = 'mutation ($id: ID!) { deleteWebhook(id: $id) { id } }';
const DELIVERIES = `query ($webhookId: ID!) { webhookDeliveries(webhookId: $webhookId) { id eventId event state attempts statusCode } }`;
const REDELIVER = `mutation ($webhookId: ID!, $deliveryId: ID!) { redeliverWebhook(webhookId: $webhookId, deliveryId: $deliveryId) { id state } }`;

interface Webhook {
  readonly id: string;
  readonly url: string;
  readonly events: string[];
  readonly enabled: boolean;
}
interface Delivery {
  readonly id: string;
  readonly eventId: string;
  readonly event: string;
  readonly state: string;
  readonly attempts: number;
  readonly statusCode: number | null;
}

/** The Settings screen's webhooks over the BFF (GraphQL), against the real webhooks service of the product. */
describe('BFF webhooks', () => {
  const receiver = useWebhookReceiver();

  const product = useStandalone('bff-webhooks', {
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
    BUS_TIMEOUT_MS: '30000',
  });

  const signedUp = () =>
    signUpOverGraphql(product.url, {
      email: `${randomUUID()}@e2e.membolt.test`,
      password: 'correct horse 1',
      name: 'Ada',
    });

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let i = 0; i < 600; i++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('gave up waiting');
  }

  it('creates an endpoint (secret once), delivers a signed event, logs it, redelivers it, pauses and deletes it', async () => {
    const { browser, userId } = await signedUp();
    const created = await browser.request<{ createWebhook: { secret: string; webhook: Webhook } }>(CREATE, {
      input: { url: receiver.url, events: ['memory.created'], description: 'my server' },
    });
    expect(created.errors).toBeUndefined();
    const { secret, webhook } = created.data!.createWebhook;
    expect(webhook).toMatchObject({ url: receiver.url, events: ['memory.created'], enabled: true });
    expect(secret.length).toBeGreaterThan(20);
    const listed = await browser.request<{ webhooks: Array<Webhook & { secret?: string }> }>(LIST);
    expect(listed.data!.webhooks.map((hook) => hook.id)).toEqual([webhook.id]);
    expect(JSON.stringify(listed.data)).not.toContain(secret);

    const { secret: key } = await createApiKeyOverGraphql(browser, 'hooks');
    const stored = await fetch(`${product.url}/api/user/${userId}/memories`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'I keep bees on the roof.' }),
    });
    expect(stored.status).toBe(201);

    const log = await until(
      async () =>
        (await browser.request<{ webhookDeliveries: Delivery[] }>(DELIVERIES, { webhookId: webhook.id }))
          .data!,
      (data) => data.webhookDeliveries.some((delivery) => delivery.state === 'succeeded'),
    );
    const [delivery] = log.webhookDeliveries;
    expect(delivery).toMatchObject({
      event: 'memory.created',
      state: 'succeeded',
      attempts: 1,
      statusCode: 200,
    });
    const first = receiver.received.find((entry) => entry.eventId === delivery!.eventId)!;
    expect(verifyMemboltWebhook(secret, first.body, first.signature)).toBe(true);

    const again = await browser.request<{ redeliverWebhook: { id: string } }>(REDELIVER, {
      webhookId: webhook.id,
      deliveryId: delivery!.id,
    });
    expect(again.data!.redeliverWebhook.id).toBe(delivery!.id);
    await until(
      async () => receiver.received.filter((entry) => entry.eventId === delivery!.eventId).length,
      (count) => count >= 2,
    );

    const paused = await browser.request<{ setWebhookEnabled: Webhook }>(SET_ENABLED, {
      id: webhook.id,
      enabled: false,
    });
    expect(paused.data!.setWebhookEnabled.enabled).toBe(false);
    const removed = await browser.request(DELETE, { id: webhook.id });
    expect(removed.errors).toBeUndefined();
    expect((await browser.request<{ webhooks: Webhook[] }>(LIST)).data!.webhooks).toEqual([]);
  });

  it('refuses bad input with BAD_USER_INPUT and stores nothing', async () => {
    const { browser } = await signedUp();
    for (const input of [
      { url: 'not a url', events: ['memory.created'] },
      { url: 'ftp://example.com/hook', events: ['memory.created'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['memory.exploded'] },
      { url: receiver.url, events: ['memory.created'], description: 'x'.repeat(201) },
    ]) {
      const answer = await browser.request(CREATE, { input });
      expect({ input, code: answer.errors?.[0]?.extensions?.code }).toEqual({
        input,
        code: 'BAD_USER_INPUT',
      });
    }
    expect((await browser.request<{ webhooks: Webhook[] }>(LIST)).data!.webhooks).toEqual([]);
  });

  it("never reads or changes another user's endpoint or deliveries, and needs a session", async () => {
    const alice = await signedUp();
    const bob = await signedUp();
    const created = await alice.browser.request<{ createWebhook: { webhook: Webhook } }>(CREATE, {
      input: { url: receiver.url, events: ['memory.deleted'] },
    });
    const id = created.data!.createWebhook.webhook.id;
    for (const [query, variables] of [
      [SET_ENABLED, { id, enabled: false }],
      [DELETE, { id }],
      [DELIVERIES, { webhookId: id }],
      [REDELIVER, { webhookId: id, deliveryId: id }],
    ] as const) {
      const answer = await bob.browser.request(query, variables);
      expect({ query, code: answer.errors?.[0]?.extensions?.code }).toEqual({ query, code: 'NOT_FOUND' });
    }
    expect((await bob.browser.request<{ webhooks: Webhook[] }>(LIST)).data!.webhooks).toEqual([]);
    const untouched = (await alice.browser.request<{ webhooks: Webhook[] }>(LIST)).data!.webhooks;
    expect(untouched).toEqual([expect.objectContaining({ id, enabled: true })]);

    const anonymous = new GraphqlBrowser(product.url);
    for (const [query, variables] of [
      [LIST, {}],
      [CREATE, { input: { url: receiver.url, events: ['memory.created'] } }],
      [DELETE, { id }],
    ] as const) {
      const answer = await anonymous.request(query, variables);
      expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });
});
