import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { ActingUserId, BusController, BusPayload, type BusClient } from '@membolt/bus';
import { type BusTestApp, rejection, startInProcessServices } from '@membolt/bus/testing';
import {
  CommonErrorCode,
  deleteUserDataSubject,
  healthSubject,
  IdentitySubjects,
  IngestionSubjects,
  MemorySubjects,
  NotifyUserRequest,
  WebhooksSubjects,
} from '@membolt/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyWebhook } from './domain/webhook-signature.js';
import { WebhooksModule } from './webhooks.module.js';
import type { WebhooksModuleOptions } from './webhooks.options.js';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A real HTTP receiver on loopback that answers the statuses it is given, in order, then 200. */
async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  answers: number[];
  close: () => Promise<void>;
}> {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Stands in for identity's notify subject: records the notices instead of mailing them. */
const notices: Array<{ userId: string; subject: string; text: string }> = [];
@BusController()
class NoticeRecorder {
  @MessagePattern(IdentitySubjects.notifyUser.name)
  notify(@ActingUserId() userId: string, @BusPayload(NotifyUserRequest) request: NotifyUserRequest) {
    notices.push({ userId, ...request });
    return { status: 'accepted' };
  }
}
@Module({ controllers: [NoticeRecorder] })
class NoticeRecorderModule {}

async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('webhooks service over the bus', () => {
  let services: BusTestApp;
  let bus: BusClient;
  let dataDir: string;
  const options = (overrides: Partial<WebhooksModuleOptions> = {}): WebhooksModuleOptions => ({
    store: { kind: 'embedded', dataDir },
    jobs: {
      backend: { kind: 'embedded', dataDir },
      leaseMs: 5000,
      pollMs: 20,
      keepFinishedMs: 3_600_000,
      closeTimeoutMs: 2000,
    },
    secret: SECRET,
    allowPrivateTargets: true,
    backoffBaseMs: 50,
    attempts: 4,
    disableAfterFailures: 6,
    timeoutMs: 2000,
    ...overrides,
  });
  const start = async (overrides: Partial<WebhooksModuleOptions> = {}) => {
    services = await startInProcessServices([
      WebhooksModule.forRoot(options(overrides)),
      NoticeRecorderModule,
    ]);
    bus = services.bus;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-webhooks-'));
    await start();
  });

  afterAll(async () => {
    await services?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const create = (userId: string, url: string, events = ['memory.created']) =>
    bus.request(WebhooksSubjects.createEndpoint, { url, events } as never, { userId });
  const list = async (userId: string) =>
    (await bus.request(WebhooksSubjects.listEndpoints, {}, { userId })).endpoints;
  const deliveries = async (userId: string, endpointId: string) =>
    (await bus.request(WebhooksSubjects.listDeliveries, { endpointId }, { userId })).deliveries;
  const memoryCreated = (userId: string, memoryId: string) =>
    bus.emit(
      MemorySubjects.created,
      { userId, endUserId: null, memoryIds: [memoryId], change: 'created', at: new Date().toISOString() },
      { userId },
    );

  it('answers its health probe', async () => {
    expect(await bus.request(healthSubject('webhooks'), {})).toMatchObject({
      name: 'webhooks',
      status: 'ok',
    });
  });

  it('creates an endpoint with a secret shown once, and lists only the acting user’s without it', async () => {
    const created = await create('lister-a', 'https://hooks.example.com/a', [
      'memory.created',
      'upload.failed',
    ]);
    expect(created).toMatchObject({
      url: 'https://hooks.example.com/a',
      events: ['memory.created', 'upload.failed'],
      enabled: true,
      secret: expect.stringMatching(/^whsec_/),
    });
    await create('lister-b', 'https://hooks.example.com/b');
    const mine = await list('lister-a');
    expect(mine).toHaveLength(1);
    expect(mine[0]).not.toHaveProperty('secret');
    expect(JSON.stringify(mine)).not.toContain(created.secret);
  });

  it('refuses bad input with a validation error and stores nothing', async () => {
    for (const payload of [
      { url: 'not a url', events: ['memory.created'] },
      { url: 'ftp://hooks.example.com/', events: ['memory.created'] },
      { url: 'https://hooks.example.com/', events: [] },
      { url: 'https://hooks.example.com/', events: ['memory.exploded'] },
      { url: 'https://hooks.example.com/', events: ['memory.created'], extra: true },
    ]) {
      const error = await rejection(
        bus.request(WebhooksSubjects.createEndpoint, payload as never, { userId: 'invalid-a' }),
      );
      expect(error.code).toBe(CommonErrorCode.ValidationError);
    }
    expect(await list('invalid-a')).toEqual([]);
    expect((await rejection(bus.request(WebhooksSubjects.listEndpoints, {}))).code).toBe(
      CommonErrorCode.Unauthorized,
    );
  });

  it('lets no other user read, change, remove or redeliver an endpoint', async () => {
    const mine = await create('owner-a', 'https://hooks.example.com/mine');
    const as = { userId: 'intruder-b' };
    for (const attempt of [
      bus.request(WebhooksSubjects.updateEndpoint, { id: mine.id, url: 'https://evil.example.com/' }, as),
      bus.request(WebhooksSubjects.removeEndpoint, { id: mine.id }, as),
      bus.request(WebhooksSubjects.listDeliveries, { endpointId: mine.id }, as),
      bus.request(WebhooksSubjects.redeliver, { endpointId: mine.id, deliveryId: mine.id }, as),
    ]) {
      expect((await rejection(attempt)).code).toBe(CommonErrorCode.NotFound);
    }
    expect((await list('owner-a'))[0]).toMatchObject({ url: 'https://hooks.example.com/mine' });
  });

  describe('delivery', () => {
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(async () => {
      await receiver.close();
    });
    afterEach(() => {
      receiver.received.length = 0;
      receiver.answers.length = 0;
    });

    it('retries a failing receiver with backoff until it recovers; each request is signed', async () => {
      const endpoint = await create('deliver-a', receiver.url);
      receiver.answers.push(500, 503);
      await memoryCreated('deliver-a', 'memory-1');
      const [delivery] = await eventually(
        () => deliveries('deliver-a', endpoint.id),
        (list) => list[0]?.state === 'succeeded',
      );
      expect(delivery).toMatchObject({
        state: 'succeeded',
        attempts: 3,
        statusCode: 200,
        event: 'memory.created',
      });
      expect(receiver.received).toHaveLength(3);
      const bodies = new Set(receiver.received.map((r) => r.body));
      expect(bodies.size).toBe(1);
      for (const { headers, body } of receiver.received) {
        expect(verifyWebhook(endpoint.secret, body, String(headers['membolt-signature']))).toBe(true);
        expect(verifyWebhook('whsec_another', body, String(headers['membolt-signature']))).toBe(false);
        expect(headers['membolt-event-id']).toBe(delivery!.eventId);
      }
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
        id: delivery!.eventId,
        type: 'memory.created',
        data: { memory_ids: ['memory-1'] },
      });
      // Another user's event never reaches this endpoint.
      await memoryCreated('someone-else', 'memory-2');
      await memoryCreated('deliver-a', 'memory-3');
      await eventually(
        () => deliveries('deliver-a', endpoint.id),
        (list) => list[0]?.state === 'succeeded' && list.length === 2,
      );
      expect(receiver.received.map((r) => JSON.parse(r.body).data.memory_ids[0])).not.toContain('memory-2');
    });

    it('maps upload stages to upload.completed and upload.failed', async () => {
      const endpoint = await create('uploader-a', receiver.url, ['upload.completed', 'upload.failed']);
      for (const state of ['extracting', 'done', 'failed'] as const) {
        await bus.emit(IngestionSubjects.changed, {
          userId: 'uploader-a',
          uploadId: `u-${state}`,
          state,
          percent: 100,
        });
      }
      const list = await eventually(
        () => deliveries('uploader-a', endpoint.id),
        (list) => list.length === 2 && list.every((d) => d.state === 'succeeded'),
      );
      expect(list.map((d) => d.event).sort()).toEqual(['upload.completed', 'upload.failed']);
    });

    it('redelivers a delivery with the same event id and a fresh signature', async () => {
      const endpoint = await create('redeliver-a', receiver.url);
      await memoryCreated('redeliver-a', 'memory-r');
      const [first] = await eventually(
        () => deliveries('redeliver-a', endpoint.id),
        (l) => l[0]?.state === 'succeeded',
      );
      const again = await bus.request(
        WebhooksSubjects.redeliver,
        { endpointId: endpoint.id, deliveryId: first!.id },
        { userId: 'redeliver-a' },
      );
      expect(again).toMatchObject({ id: first!.id, state: 'pending' });
      const [done] = await eventually(
        () => deliveries('redeliver-a', endpoint.id),
        (l) => l[0]?.state === 'succeeded' && l[0].attempts === 2,
      );
      expect(done).toMatchObject({ attempts: 2, eventId: first!.eventId });
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1]!.headers['membolt-event-id']).toBe(first!.eventId);
    });

    it('disables an endpoint after repeated failures and tells its owner', async () => {
      const endpoint = await create('failing-a', receiver.url);
      receiver.answers.push(...Array(20).fill(500));
      await memoryCreated('failing-a', 'memory-f1');
      await memoryCreated('failing-a', 'memory-f2');
      const [disabled] = await eventually(
        () => list('failing-a'),
        (l) => l[0]?.enabled === false,
      );
      expect(disabled).toMatchObject({
        enabled: false,
        disabledReason: 'repeated delivery failures',
        consecutiveFailures: 6,
      });
      await eventually(
        async () => notices.filter((n) => n.userId === 'failing-a'),
        (l) => l.length > 0,
      );
      expect(notices.find((n) => n.userId === 'failing-a')?.text).toContain(receiver.url);
      const log = await eventually(
        () => deliveries('failing-a', endpoint.id),
        (l) => l.every((d) => d.state === 'failed'),
      );
      // The attempt that disabled the endpoint answered 500; an attempt due after it is not sent.
      expect(log.map((d) => d.state)).toEqual(['failed', 'failed']);
      expect(log.map((d) => d.error).sort()).toEqual(expect.arrayContaining(['HTTP 500']));
      expect(log.every((d) => d.error === 'HTTP 500' || d.error === 'endpoint disabled')).toBe(true);
      // Disabled: new events make no delivery. Enabled again, they do.
      await memoryCreated('failing-a', 'memory-f3');
      expect(await deliveries('failing-a', endpoint.id)).toHaveLength(2);
      receiver.answers.length = 0;
      await bus.request(
        WebhooksSubjects.updateEndpoint,
        { id: endpoint.id, enabled: true },
        { userId: 'failing-a' },
      );
      await memoryCreated('failing-a', 'memory-f4');
      const after = await eventually(
        () => deliveries('failing-a', endpoint.id),
        (l) => l[0]?.state === 'succeeded',
      );
      expect(after).toHaveLength(3);
    });

    it('keeps a pending delivery across a restart and sends it when the service is back', async () => {
      const endpoint = await create('restart-a', receiver.url);
      receiver.answers.push(500);
      await services.close();
      await start({ backoffBaseMs: 1500 });
      await memoryCreated('restart-a', 'memory-s');
      await eventually(
        () => deliveries('restart-a', endpoint.id),
        (l) => l[0]?.attempts === 1,
      );
      await services.close();
      await start();
      const [done] = await eventually(
        () => deliveries('restart-a', endpoint.id),
        (l) => l[0]?.state === 'succeeded',
      );
      expect(done).toMatchObject({ state: 'succeeded', attempts: 2 });
    });
  });

  it('refuses loopback and private targets unless the operator allows them', async () => {
    await services.close();
    await start({ allowPrivateTargets: false });
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://[::1]/x',
      'http://10.1.2.3/',
      'http://169.254.169.254/',
      'http://localhost/',
    ]) {
      const error = await rejection(create('ssrf-a', url));
      expect(error).toMatchObject({ code: CommonErrorCode.ValidationError });
    }
    expect(await list('ssrf-a')).toEqual([]);
  });

  it('deletes the user’s endpoints and deliveries on account deletion, and nobody else’s', async () => {
    await create('leaver', 'https://hooks.example.com/1');
    await create('stayer', 'https://hooks.example.com/2');
    expect(await bus.request(deleteUserDataSubject('webhooks'), {}, { userId: 'leaver' })).toEqual({
      service: 'webhooks',
      removed: { webhook_endpoints: 1, webhook_deliveries: 0 },
    });
    expect(await list('leaver')).toEqual([]);
    expect(await list('stayer')).toHaveLength(1);
  });
});
