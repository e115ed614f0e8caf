import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { WebhookEventType } from '@membolt/contracts';
import { type Job, JOB_QUEUE, type JobQueue } from '@membolt/jobs';
import { CLOCK, type Clock, SECRET_CIPHER, type SecretCipher } from '@membolt/platform';
import { createHash, randomUUID } from 'node:crypto';
import { WebhookSender } from '../adapters/http/webhook-sender.js';
import {
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  SIGNATURE_HEADER,
  signWebhook,
} from '../domain/webhook-signature.js';
import { type WebhookDelivery, type WebhookEventData, webhookBody } from '../domain/webhook.js';
import { WEBHOOK_OWNER_NOTIFIER, type WebhookOwnerNotifier } from '../ports/owner-notifier.js';
import { WEBHOOKS_STORE, type WebhooksStore } from '../ports/webhooks-store.js';
import { deliveryNotFound, endpointNotFound } from '../webhooks.errors.js';
import { WEBHOOKS_SETTINGS, type WebhooksSettings } from '../webhooks.options.js';
import { secretContext } from './webhook-endpoints.service.js';

const DELIVER_JOB = 'webhooks.deliver';

interface DeliverJobData {
  readonly userId: string;
  readonly deliveryId: string;
}

/** Thrown to have the queue retry the attempt later (with its backoff). */
class RetryLater extends Error {}

/**
 * Turns events into deliveries (one per subscribed endpoint) and sends them from the durable queue: a job
 * per delivery, retried with exponential backoff, each attempt written to the delivery log.
 */
@Injectable()
export class WebhookDeliveriesService implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @Inject(WEBHOOKS_STORE) private readonly store: WebhooksStore,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SECRET_CIPHER) private readonly cipher: SecretCipher,
    @Inject(WEBHOOKS_SETTINGS) private readonly settings: WebhooksSettings,
    @Inject(WEBHOOK_OWNER_NOTIFIER) private readonly notifier: WebhookOwnerNotifier,
    private readonly sender: WebhookSender,
  ) {}

  onModuleInit(): void {
    this.queue.process<DeliverJobData>(DELIVER_JOB, (job) => this.attempt(job), {
      concurrency: 4,
      concurrencyPerGroup: 2,
    });
  }

  /**
   * One event of a user: a delivery for each enabled endpoint subscribed to it. `eventKey` identifies the
   * event (the same key twice, e.g. from a redelivered bus message, is one event with one delivery each).
   */
  async publish(
    userId: string,
    event: WebhookEventType,
    data: WebhookEventData,
    eventKey: string,
  ): Promise<WebhookDelivery[]> {
    const endpoints = await this.store.endpoints.listSubscribed(userId, event);
    if (endpoints.length === 0) return [];
    const eventId = `evt_${createHash('sha256').update(`${event}\n${eventKey}`).digest('hex').slice(0, 32)}`;
    const now = this.clock.now();
    const body = webhookBody(eventId, event, now, data);
    const deliveries: WebhookDelivery[] = [];
    for (const endpoint of endpoints) {
      const delivery = await this.store.deliveries.insertOnce({
        id: randomUUID(),
        userId,
        endpointId: endpoint.id,
        eventId,
        event,
        body,
        state: 'pending',
        attempts: 0,
        statusCode: null,
        durationMs: null,
        error: null,
        createdAt: now,
        updatedAt: now,
      });
      await this.enqueue(delivery, `d-${delivery.id}`);
      deliveries.push(delivery);
    }
    return deliveries;
  }

  /** Sends the delivery's event again: the same body and event id, a fresh signature, a new series of attempts. */
  async redeliver(userId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    if (!(await this.store.endpoints.get(userId, endpointId))) throw endpointNotFound();
    const delivery = await this.store.deliveries.get(userId, deliveryId);
    if (!delivery || delivery.endpointId !== endpointId) throw deliveryNotFound();
    const pending = await this.store.deliveries.record(
      userId,
      deliveryId,
      {
        state: 'pending',
        statusCode: delivery.statusCode,
        durationMs: delivery.durationMs,
        error: null,
        countAttempt: false,
      },
      this.clock.now(),
    );
    await this.enqueue(delivery, `r-${delivery.id}-${randomUUID()}`);
    return pending ?? delivery;
  }

  private async enqueue(delivery: WebhookDelivery, jobId: string): Promise<void> {
    await this.queue.enqueue<DeliverJobData>(
      DELIVER_JOB,
      { userId: delivery.userId, deliveryId: delivery.id },
      {
        jobId,
        attempts: this.settings.attempts,
        backoffMs: this.settings.backoffBaseMs,
        group: delivery.userId,
      },
    );
  }

  /** One attempt (the job's run); throws to be retried. */
  private async attempt(job: Job<DeliverJobData>): Promise<unknown> {
    const { userId, deliveryId } = job.data;
    const delivery = await this.store.deliveries.get(userId, deliveryId);
    if (!delivery) return { skipped: 'delivery gone' };
    const endpoint = await this.store.endpoints.get(userId, delivery.endpointId);
    if (!endpoint || !endpoint.enabled) {
      const error = endpoint ? 'endpoint disabled' : 'endpoint removed';
      await this.store.deliveries.record(
        userId,
        deliveryId,
        { state: 'failed', statusCode: null, durationMs: null, error, countAttempt: false },
        this.clock.now(),
      );
      return { skipped: error };
    }
    const secret = this.cipher.open(endpoint.secretSealed, secretContext(endpoint));
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    const outcome = await this.sender.send({
      url: endpoint.url,
      body: delivery.body,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Membolt-Webhooks/1',
        [SIGNATURE_HEADER]: signWebhook(secret, delivery.body, timestamp),
        [EVENT_ID_HEADER]: delivery.eventId,
        [EVENT_TYPE_HEADER]: delivery.event,
      },
    });
    const last = job.attempt >= this.settings.attempts || outcome.refused;
    const state = outcome.ok ? 'succeeded' : last ? 'failed' : 'pending';
    const now = this.clock.now();
    await this.store.deliveries.record(
      userId,
      deliveryId,
      {
        state,
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        error: outcome.error,
        countAttempt: true,
      },
      now,
    );
    const recorded = await this.store.endpoints.recordOutcome(
      userId,
      endpoint.id,
      outcome.ok,
      this.settings.disableAfterFailures,
      now,
    );
    if (recorded?.disabledNow) {
      this.logger.warn(
        `Endpoint ${endpoint.id} disabled after ${recorded.endpoint.consecutiveFailures} failures`,
      );
      await this.notifier.endpointDisabled(recorded.endpoint).catch((error: unknown) => {
        this.logger.error(`Owner of endpoint ${endpoint.id} not told: ${String(error)}`);
      });
    }
    if (outcome.ok) return { statusCode: outcome.statusCode };
    // A refused target or a disabled endpoint: retrying cannot help.
    if (outcome.refused || recorded?.endpoint.enabled === false) {
      if (!last) {
        await this.store.deliveries.record(
          userId,
          deliveryId,
          {
            state: 'failed',
            statusCode: outcome.statusCode,
            durationMs: outcome.durationMs,
            error: outcome.error,
            countAttempt: false,
          },
          now,
        );
      }
      return { failed: outcome.error };
    }
    throw new RetryLater(outcome.error ?? 'delivery failed');
  }
}
