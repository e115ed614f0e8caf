import type { WebhookDeliveryState, WebhookEventType } from '@membolt/contracts';
import type { EmbeddedDatabase } from '@membolt/embedded-store';
import type { WebhookDelivery } from '../../domain/webhook.js';
import type { DeliveryAttempt, WebhookDeliveryRepository } from '../../ports/webhook-delivery.repository.js';

interface DeliveryRow {
  id: string;
  user_id: string;
  endpoint_id: string;
  event_id: string;
  event: string;
  body: string;
  state: string;
  attempts: number;
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export class WebhookDeliveryEmbeddedRepository implements WebhookDeliveryRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async insertOnce(delivery: WebhookDelivery): Promise<WebhookDelivery> {
    this.db
      .prepare(
        `INSERT INTO webhooks_deliveries (id, user_id, endpoint_id, event_id, event, body, state, attempts,
           status_code, duration_ms, error, created_at, updated_at)
         VALUES (@id, @user_id, @endpoint_id, @event_id, @event, @body, @state, @attempts, @status_code,
           @duration_ms, @error, @created_at, @updated_at)
         ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
      )
      .run(toRow(delivery));
    const row = this.db
      .prepare('SELECT * FROM webhooks_deliveries WHERE endpoint_id = ? AND event_id = ?')
      .get(delivery.endpointId, delivery.eventId) as DeliveryRow;
    return toDelivery(row);
  }

  async get(userId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    const row = this.db
      .prepare('SELECT * FROM webhooks_deliveries WHERE id = ? AND user_id = ?')
      .get(deliveryId, userId) as DeliveryRow | undefined;
    return row ? toDelivery(row) : null;
  }

  async listByEndpoint(userId: string, endpointId: string, limit: number): Promise<WebhookDelivery[]> {
    const rows = this.db
      .prepare(
        `SELECT * FROM webhooks_deliveries WHERE user_id = ? AND endpoint_id = ?
         ORDER BY created_at DESC, rowid DESC LIMIT ?`,
      )
      .all(userId, endpointId, limit) as DeliveryRow[];
    return rows.map(toDelivery);
  }

  async record(
    userId: string,
    deliveryId: string,
    attempt: DeliveryAttempt,
    at: Date,
  ): Promise<WebhookDelivery | null> {
    const row = this.db
      .prepare(
        `UPDATE webhooks_deliveries SET state = @state, attempts = attempts + @count, status_code = @status_code,
           duration_ms = @duration_ms, error = @error, updated_at = @at
         WHERE id = @id AND user_id = @user_id RETURNING *`,
      )
      .get({
        id: deliveryId,
        user_id: userId,
        state: attempt.state,
        count: attempt.countAttempt ? 1 : 0,
        status_code: attempt.statusCode,
        duration_ms: attempt.durationMs,
        error: attempt.error,
        at: at.toISOString(),
      }) as DeliveryRow | undefined;
    return row ? toDelivery(row) : null;
  }

  async deleteAllOfUser(userId: string): Promise<number> {
    return this.db.prepare('DELETE FROM webhooks_deliveries WHERE user_id = ?').run(userId).changes;
  }
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    userId: row.user_id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    event: row.event as WebhookEventType,
    body: row.body,
    state: row.state as WebhookDeliveryState,
    attempts: row.attempts,
    statusCode: row.status_code,
    durationMs: row.duration_ms,
    error: row.error,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toRow(delivery: WebhookDelivery): DeliveryRow {
  return {
    id: delivery.id,
    user_id: delivery.userId,
    endpoint_id: delivery.endpointId,
    event_id: delivery.eventId,
    event: delivery.event,
    body: delivery.body,
    state: delivery.state,
    attempts: delivery.attempts,
    status_code: delivery.statusCode,
    duration_ms: delivery.durationMs,
    error: delivery.error,
    created_at: delivery.createdAt.toISOString(),
    updated_at: delivery.updatedAt.toISOString(),
  };
}
