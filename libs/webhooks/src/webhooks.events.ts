import { EventPattern } from '@nestjs/microservices';
import {
  IngestionSubjects,
  MemoryChangedEvent,
  MemorySubjects,
  SubscriptionChangedEvent,
  SubscriptionSubjects,
  UploadChangedEvent,
} from '@membolt/contracts';
import { BusController, BusPayload } from '@membolt/bus';
import { randomUUID } from 'node:crypto';
import { WebhookDeliveriesService } from './services/webhook-deliveries.service.js';

/**
 * The services' events, turned into webhook deliveries. Event handlers listen in the service's queue group,
 * so one webhooks replica handles each event; a delivery's id is derived from the event, so a bus
 * message handled twice still makes one delivery per endpoint.
 */
@BusController()
export class WebhooksEvents {
  constructor(private readonly deliveries: WebhookDeliveriesService) {}

  @EventPattern<string>(MemorySubjects.created.name)
  async memoryCreated(@BusPayload(MemoryChangedEvent) event: MemoryChangedEvent): Promise<void> {
    await this.memoryChanged(event);
  }

  @EventPattern<string>(MemorySubjects.updated.name)
  async memoryUpdated(@BusPayload(MemoryChangedEvent) event: MemoryChangedEvent): Promise<void> {
    await this.memoryChanged(event);
  }

  @EventPattern<string>(MemorySubjects.deleted.name)
  async memoryDeleted(@BusPayload(MemoryChangedEvent) event: MemoryChangedEvent): Promise<void> {
    await this.memoryChanged(event);
  }

  @EventPattern<string>(IngestionSubjects.changed.name)
  async uploadChanged(@BusPayload(UploadChangedEvent) event: UploadChangedEvent): Promise<void> {
    if (event.state !== 'done' && event.state !== 'failed') return;
    await this.deliveries.publish(
      event.userId,
      event.state === 'done' ? 'upload.completed' : 'upload.failed',
      { upload_id: event.uploadId, state: event.state },
      `${event.uploadId}:${event.state}`,
    );
  }

  @EventPattern<string>(SubscriptionSubjects.changed.name)
  async subscriptionChanged(
    @BusPayload(SubscriptionChangedEvent) event: SubscriptionChangedEvent,
  ): Promise<void> {
    // The event names no change to tell two apart by, so each is its own event.
    await this.deliveries.publish(event.userId, 'subscription.changed', {}, randomUUID());
  }

  private async memoryChanged(event: MemoryChangedEvent): Promise<void> {
    await this.deliveries.publish(
      event.userId,
      `memory.${event.change}`,
      { memory_ids: event.memoryIds, end_user_id: event.endUserId ?? null, at: event.at },
      `${event.userId}:${event.memoryIds.join(',')}:${event.at}`,
    );
  }
}
