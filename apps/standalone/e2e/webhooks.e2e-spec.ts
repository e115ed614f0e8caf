import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { BusClient } from '@membolt/bus';
import { IdentitySubjects, KeysSubjects } from '@membolt/contracts';
import { randomUUID } from 'node:crypto';
import { type MailCatcher, startMailCatcher } from './support/mail-catcher.js';
import { useStandalone } from './support/standalone.js';
import { verifyMemboltWebhook } from './support/verify-webhook.js';
import { useWebhookReceiver } from './support/webhook-receiver.js';

jest.setTimeout(90_000);

async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Webhooks through the real standalone product: REST, signed deliveries to a loopback receiver, e-mail. */
describe('webhooks: REST, signed delivery, retries, restart', () => {
  let mail: MailCatcher;
  const receiver = useWebhookReceiver();
  const { received, answers } = receiver;

  beforeAll(async () => {
    mail = await startMailCatcher();
  });

  const product = useStandalone('webhooks', () => ({
    SMTP_URL: mail.url,
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOKS_BACKOFF_BASE_MS: '200',
    WEBHOOKS_ATTEMPTS: '3',
    WEBHOOKS_DISABLE_AFTER_FAILURES: '3',
  }));

  afterAll(async () => {
    await mail?.stop();
  });

  async function newUserWithKey(): Promise<{ userId: string; key: string; email: string }> {
    const bus = product.app.get(BusClient);
    const email = `${randomUUID()}@e2e.membolt.test`;
    const { user } = await bus.request(IdentitySubjects.signUp, {
      email,
      name: 'E2E',
      password: `e2e-${randomUUID()}`,
    });
    const created = await bus.request(KeysSubjects.create, { name: 'e2e key' }, { userId: user.id });
    return { userId: user.id, key: created.secret, email };
  }

  const call = async (key: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${product.url}${path}`, {
      method,
      headers: { 'X-API-Key': key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies of several shapes, read by field below
    const parsed = text ? (JSON.parse(text) as Record<string, any>) : null;
    return { status: response.status, body: parsed };
  };

  it('delivers a signed memory.created after failures, logs each attempt, and redelivers on request', async () => {
    const a = await newUserWithKey();
    const created = await call(a.key, 'POST', `/api/user/${a.userId}/webhooks`, {
      url: receiver.url,
      events: ['memory.created'],
    });
    expect(created.status).toBe(201);
    const { id: webhookId, secret } = created.body as { id: string; secret: string };
    expect(secret).toMatch(/^whsec_/);

    answers.push(500);
    const start = received.length;
    expect(
      (await call(a.key, 'POST', `/api/user/${a.userId}/memories`, { text: 'I like tea.' })).status,
    ).toBe(201);
    const log = await eventually(
      () => call(a.key, 'GET', `/api/user/${a.userId}/webhooks/${webhookId}/deliveries`),
      (r) => r.body?.deliveries?.[0]?.state === 'succeeded',
    );
    const [delivery] = log.body!.deliveries;
    expect(delivery).toMatchObject({
      event: 'memory.created',
      state: 'succeeded',
      attempts: 2,
      status_code: 200,
    });
    const mine = received.slice(start);
    expect(mine).toHaveLength(2);
    for (const { signature, eventId, body } of mine) {
      expect(verifyMemboltWebhook(secret, body, signature)).toBe(true);
      expect(eventId).toBe(delivery.event_id);
    }
    expect(verifyMemboltWebhook(secret, `${mine[0]!.body} `, mine[0]!.signature)).toBe(false);

    const again = await call(
      a.key,
      'POST',
      `/api/user/${a.userId}/webhooks/${webhookId}/deliveries/${delivery.id}/redeliver`,
    );
    expect(again.status).toBe(202);
    await eventually(
      () => call(a.key, 'GET', `/api/user/${a.userId}/webhooks/${webhookId}/deliveries`),
      (r) => r.body?.deliveries?.[0]?.attempts === 3,
    );
    expect(received.at(-1)!.eventId).toBe(delivery.event_id);
  });

  it('refuses another account and bad input, changing nothing', async () => {
    const a = await newUserWithKey();
    const b = await newUserWithKey();
    const hook = (
      await call(a.key, 'POST', `/api/user/${a.userId}/webhooks`, {
        url: receiver.url,
        events: ['memory.deleted'],
      })
    ).body!;
    for (const [method, path, body] of [
      ['GET', `/api/user/${a.userId}/webhooks`],
      ['POST', `/api/user/${a.userId}/webhooks`, { url: receiver.url, events: ['memory.created'] }],
      ['PUT', `/api/user/${a.userId}/webhooks/${hook.id}`, { url: 'https://evil.example.com/' }],
      ['DELETE', `/api/user/${a.userId}/webhooks/${hook.id}`],
      ['GET', `/api/user/${a.userId}/webhooks/${hook.id}/deliveries`],
      ['POST', `/api/user/${a.userId}/webhooks/${hook.id}/deliveries/${hook.id}/redeliver`],
    ] as const) {
      expect((await call(b.key, method, path, body)).status).toBe(403);
    }
    for (const [method, path, body] of [
      ['PUT', `/api/user/${b.userId}/webhooks/${hook.id}`, { url: 'https://evil.example.com/' }],
      ['DELETE', `/api/user/${b.userId}/webhooks/${hook.id}`],
      ['GET', `/api/user/${b.userId}/webhooks/${hook.id}/deliveries`],
      ['POST', `/api/user/${b.userId}/webhooks/${hook.id}/deliveries/${hook.id}/redeliver`],
    ] as const) {
      const response = await call(b.key, method, path, body);
      expect(response).toMatchObject({ status: 404, body: { error: 'not_found' } });
    }
    for (const body of [
      { url: 'nope', events: ['memory.created'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['memory.exploded'] },
      { url: receiver.url, events: ['memory.created'], extra: 1 },
    ]) {
      const response = await call(a.key, 'POST', `/api/user/${a.userId}/webhooks`, body);
      expect(response).toMatchObject({
        status: 400,
        body: { error: 'validation_error', message: expect.any(String) },
      });
    }
    const badUpdate = await call(a.key, 'PUT', `/api/user/${a.userId}/webhooks/${hook.id}`, {
      events: 'all',
    });
    expect(badUpdate.status).toBe(400);
    const badLimit = await call(a.key, 'GET', `/api/user/${a.userId}/webhooks/${hook.id}/deliveries?limit=0`);
    expect(badLimit.status).toBe(400);
    const listed = await call(a.key, 'GET', `/api/user/${a.userId}/webhooks`);
    expect(listed.body!.webhooks).toEqual([
      expect.objectContaining({ id: hook.id, url: receiver.url, events: ['memory.deleted'] }),
    ]);
    expect((await call(b.key, 'GET', `/api/user/${b.userId}/webhooks`)).body).toEqual({ webhooks: [] });
  });

  it('disables an endpoint after repeated failures and e-mails its owner', async () => {
    const a = await newUserWithKey();
    const hook = (
      await call(a.key, 'POST', `/api/user/${a.userId}/webhooks`, {
        url: receiver.url,
        events: ['memory.created'],
      })
    ).body!;
    answers.push(...Array(10).fill(500));
    const mailsBefore = mail.messages.length;
    await call(a.key, 'POST', `/api/user/${a.userId}/memories`, { text: 'I live in Porto.' });
    const listed = await eventually(
      () => call(a.key, 'GET', `/api/user/${a.userId}/webhooks`),
      (r) => r.body?.webhooks?.[0]?.enabled === false,
    );
    expect(listed.body!.webhooks[0]).toMatchObject({
      id: hook.id,
      enabled: false,
      disabled_reason: 'repeated delivery failures',
    });
    const notice = await mail.waitForMailTo(a.email, { after: mailsBefore, timeoutMs: 20_000 });
    expect(notice.raw).toContain('webhook');
    answers.length = 0;
  });

  it('keeps a delivery waiting for its retry across a restart of the product', async () => {
    const a = await newUserWithKey();
    const hook = (
      await call(a.key, 'POST', `/api/user/${a.userId}/webhooks`, {
        url: receiver.url,
        events: ['memory.created'],
      })
    ).body!;
    answers.push(503);
    await call(a.key, 'POST', `/api/user/${a.userId}/memories`, { text: 'I drink coffee.' });
    await eventually(
      () => call(a.key, 'GET', `/api/user/${a.userId}/webhooks/${hook.id}/deliveries`),
      (r) => r.body?.deliveries?.[0]?.attempts === 1,
    );
    await product.restart();
    const log = await eventually(
      () => call(a.key, 'GET', `/api/user/${a.userId}/webhooks/${hook.id}/deliveries`),
      (r) => r.body?.deliveries?.[0]?.state === 'succeeded',
    );
    expect(log.body!.deliveries[0]).toMatchObject({ state: 'succeeded', attempts: 2 });
  });
});
