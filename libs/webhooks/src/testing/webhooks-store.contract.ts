import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { WebhookDelivery, WebhookEndpoint } from '../domain/webhook.js';
import type { WebhooksStore } from '../ports/webhooks-store.js';

const AT = new Date('2026-01-01T00:00:00.000Z');

export function makeWebhookEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: randomUUID(),
    userId: 'user-a',
    url: 'https://hooks.example.com/in',
    events: ['memory.created'],
    description: null,
    secretSealed: 'sealed',
    enabled: true,
    disabledReason: null,
    consecutiveFailures: 0,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function makeWebhookDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: randomUUID(),
    userId: 'user-a',
    endpointId: 'endpoint',
    eventId: `evt_${randomUUID()}`,
    event: 'memory.created',
    body: '{}',
    state: 'pending',
    attempts: 0,
    statusCode: null,
    durationMs: null,
    error: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

/** The rules every WebhooksStore adapter keeps (run on SQLite always, on MongoDB with MONGO_URL). */
export function describeWebhooksStoreContract(adapterName: string, open: () => Promise<WebhooksStore>): void {
  describe(`WebhooksStore contract: ${adapterName}`, () => {
    let store: WebhooksStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('scopes every endpoint read and write to its owner', async () => {
      const endpoint = makeWebhookEndpoint();
      await store.endpoints.insert(endpoint);
      expect(await store.endpoints.get('user-b', endpoint.id)).toBeNull();
      expect(await store.endpoints.listByUser('user-b')).toEqual([]);
      expect(await store.endpoints.update('user-b', endpoint.id, { url: 'https://x.test/' }, AT)).toBeNull();
      expect(await store.endpoints.remove('user-b', endpoint.id)).toBeNull();
      expect(await store.endpoints.get('user-a', endpoint.id)).toEqual(endpoint);
    });

    it('finds the enabled endpoints subscribed to an event', async () => {
      const created = makeWebhookEndpoint({ events: ['memory.created', 'upload.failed'] });
      const other = makeWebhookEndpoint({ events: ['memory.deleted'] });
      const off = makeWebhookEndpoint({ enabled: false });
      for (const e of [created, other, off]) await store.endpoints.insert(e);
      const found = await store.endpoints.listSubscribed('user-a', 'upload.failed');
      expect(found.map((e) => e.id)).toEqual([created.id]);
      expect(await store.endpoints.listSubscribed('user-b', 'upload.failed')).toEqual([]);
    });

    it('disables an endpoint at the failure bound once, and re-enabling starts the count again', async () => {
      const endpoint = makeWebhookEndpoint();
      await store.endpoints.insert(endpoint);
      const first = await store.endpoints.recordOutcome('user-a', endpoint.id, false, 2, AT);
      expect(first).toMatchObject({
        disabledNow: false,
        endpoint: { consecutiveFailures: 1, enabled: true },
      });
      const second = await store.endpoints.recordOutcome('user-a', endpoint.id, false, 2, AT);
      expect(second).toMatchObject({ disabledNow: true, endpoint: { enabled: false } });
      const third = await store.endpoints.recordOutcome('user-a', endpoint.id, false, 2, AT);
      expect(third?.disabledNow).toBe(false);
      const enabled = await store.endpoints.update('user-a', endpoint.id, { enabled: true }, AT);
      expect(enabled).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledReason: null });
      const ok = await store.endpoints.recordOutcome('user-a', endpoint.id, true, 2, AT);
      expect(ok?.endpoint.consecutiveFailures).toBe(0);
    });

    it('stores one delivery per endpoint and event, and records attempts', async () => {
      const delivery = makeWebhookDelivery();
      const stored = await store.deliveries.insertOnce(delivery);
      const again = await store.deliveries.insertOnce({ ...delivery, id: randomUUID() });
      expect(again.id).toBe(stored.id);
      const recorded = await store.deliveries.record(
        'user-a',
        delivery.id,
        { state: 'failed', statusCode: 500, durationMs: 12, error: 'HTTP 500', countAttempt: true },
        AT,
      );
      expect(recorded).toMatchObject({ state: 'failed', attempts: 1, statusCode: 500 });
      expect(await store.deliveries.get('user-b', delivery.id)).toBeNull();
      expect(await store.deliveries.listByEndpoint('user-b', delivery.endpointId, 10)).toEqual([]);
      expect(await store.deliveries.listByEndpoint('user-a', delivery.endpointId, 10)).toHaveLength(1);
      expect(await store.deliveries.deleteAllOfUser('user-a')).toBe(1);
    });
  });
}
