import type { WebhookEventType } from '@membolt/contracts';
import { type EmbeddedDatabase, preparedOnce } from '@membolt/embedded-store';
import type { WebhookEndpoint } from '../../domain/webhook.js';
import type {
  WebhookEndpointChanges,
  WebhookEndpointRepository,
} from '../../ports/webhook-endpoint.repository.js';

interface EndpointRow {
  id: string;
  user_id: string;
  url: string;
  events: string;
  description: string | null;
  secret_sealed: string;
  enabled: number;
  disabled_reason: string | null;
  consecutive_failures: number;
  created_at: string;
  updated_at: string;
}

const DISABLED_BY_FAILURES = 'repeated delivery failures';

export class WebhookEndpointEmbeddedRepository implements WebhookEndpointRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async insert(endpoint: WebhookEndpoint): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO webhooks_endpoints (id, user_id, url, events, description, secret_sealed, enabled,
           disabled_reason, consecutive_failures, created_at, updated_at)
         VALUES (@id, @user_id, @url, @events, @description, @secret_sealed, @enabled, @disabled_reason,
           @consecutive_failures, @created_at, @updated_at)`,
      )
      .run(toRow(endpoint));
  }

  async listByUser(userId: string): Promise<WebhookEndpoint[]> {
    const rows = this.db
      .prepare('SELECT * FROM webhooks_endpoints WHERE user_id = ? ORDER BY created_at DESC, rowid DESC')
      .all(userId) as EndpointRow[];
    return rows.map(toEndpoint);
  }

  async get(userId: string, endpointId: string): Promise<WebhookEndpoint | null> {
    const row = this.db
      .prepare('SELECT * FROM webhooks_endpoints WHERE id = ? AND user_id = ?')
      .get(endpointId, userId) as EndpointRow | undefined;
    return row ? toEndpoint(row) : null;
  }

  async update(
    userId: string,
    endpointId: string,
    changes: WebhookEndpointChanges,
    at: Date,
  ): Promise<WebhookEndpoint | null> {
    const row = this.db
      .prepare(
        `UPDATE webhooks_endpoints SET
           url = COALESCE(@url, url),
           events = COALESCE(@events, events),
           description = CASE WHEN @set_description THEN @description ELSE description END,
           enabled = COALESCE(@enabled, enabled),
           disabled_reason = CASE WHEN @enabled = 1 THEN NULL WHEN @enabled = 0 THEN 'disabled by its owner'
             ELSE disabled_reason END,
           consecutive_failures = CASE WHEN @enabled = 1 THEN 0 ELSE consecutive_failures END,
           updated_at = @at
         WHERE id = @id AND user_id = @user_id RETURNING *`,
      )
      .get({
        id: endpointId,
        user_id: userId,
        url: changes.url ?? null,
        events: changes.events ? JSON.stringify(changes.events) : null,
        set_description: changes.description === undefined ? 0 : 1,
        description: changes.description ?? null,
        enabled: changes.enabled === undefined ? null : changes.enabled ? 1 : 0,
        at: at.toISOString(),
      }) as EndpointRow | undefined;
    return row ? toEndpoint(row) : null;
  }

  async remove(userId: string, endpointId: string): Promise<WebhookEndpoint | null> {
    const row = this.db
      .prepare('DELETE FROM webhooks_endpoints WHERE id = ? AND user_id = ? RETURNING *')
      .get(endpointId, userId) as EndpointRow | undefined;
    return row ? toEndpoint(row) : null;
  }

  async listSubscribed(userId: string, event: WebhookEventType): Promise<WebhookEndpoint[]> {
    // Read for every memory change (each add): compiled once per connection, not per call, where compiling
    // cost more than running it for a user with no endpoint.
    const rows = preparedOnce(
      this.db,
      `SELECT * FROM webhooks_endpoints WHERE user_id = ? AND enabled = 1
         AND EXISTS (SELECT 1 FROM json_each(events) WHERE value = ?)`,
    ).all(userId, event) as EndpointRow[];
    return rows.map(toEndpoint);
  }

  async recordOutcome(
    userId: string,
    endpointId: string,
    ok: boolean,
    disableAfter: number,
    at: Date,
  ): Promise<{ endpoint: WebhookEndpoint; disabledNow: boolean } | null> {
    const run = this.db.transaction(() => {
      const before = this.db
        .prepare('SELECT enabled FROM webhooks_endpoints WHERE id = ? AND user_id = ?')
        .get(endpointId, userId) as { enabled: number } | undefined;
      if (!before) return null;
      const row = this.db
        .prepare(
          ok
            ? `UPDATE webhooks_endpoints SET consecutive_failures = 0 WHERE id = @id RETURNING *`
            : `UPDATE webhooks_endpoints SET consecutive_failures = consecutive_failures + 1,
                 enabled = CASE WHEN enabled = 1 AND consecutive_failures + 1 >= @bound THEN 0 ELSE enabled END,
                 disabled_reason = CASE WHEN enabled = 1 AND consecutive_failures + 1 >= @bound THEN @reason
                   ELSE disabled_reason END,
                 updated_at = CASE WHEN enabled = 1 AND consecutive_failures + 1 >= @bound THEN @at
                   ELSE updated_at END
               WHERE id = @id RETURNING *`,
        )
        .get(
          ok
            ? { id: endpointId }
            : { id: endpointId, bound: disableAfter, reason: DISABLED_BY_FAILURES, at: at.toISOString() },
        ) as EndpointRow;
      return { endpoint: toEndpoint(row), disabledNow: before.enabled === 1 && row.enabled === 0 };
    });
    return run();
  }

  async deleteAllOfUser(userId: string): Promise<number> {
    return this.db.prepare('DELETE FROM webhooks_endpoints WHERE user_id = ?').run(userId).changes;
  }
}

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    userId: row.user_id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEventType[],
    description: row.description,
    secretSealed: row.secret_sealed,
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    consecutiveFailures: row.consecutive_failures,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toRow(endpoint: WebhookEndpoint): EndpointRow {
  return {
    id: endpoint.id,
    user_id: endpoint.userId,
    url: endpoint.url,
    events: JSON.stringify(endpoint.events),
    description: endpoint.description,
    secret_sealed: endpoint.secretSealed,
    enabled: endpoint.enabled ? 1 : 0,
    disabled_reason: endpoint.disabledReason,
    consecutive_failures: endpoint.consecutiveFailures,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}
