import { Inject, Injectable } from '@nestjs/common';
import type { WebhookEventType } from '@membolt/contracts';
import { CLOCK, type Clock, SECRET_CIPHER, type SecretCipher } from '@membolt/platform';
import { randomUUID } from 'node:crypto';
import { checkLiteralHost } from '../adapters/http/webhook-target.js';
import { newWebhookSecret } from '../domain/webhook-signature.js';
import type { WebhookDelivery, WebhookEndpoint } from '../domain/webhook.js';
import { WEBHOOKS_STORE, type WebhooksStore } from '../ports/webhooks-store.js';
import type { WebhookEndpointChanges } from '../ports/webhook-endpoint.repository.js';
import { endpointNotFound, nothingToUpdate, privateTarget } from '../webhooks.errors.js';
import { WEBHOOKS_SETTINGS, type WebhooksSettings } from '../webhooks.options.js';

export interface NewWebhookEndpoint {
  readonly url: string;
  readonly events: readonly WebhookEventType[];
  readonly description?: string | undefined;
}

/** What account deletion removed, counted by kind. */
export type RemovedUserData = Readonly<Record<string, number>>;

/** The associated data a sealed secret is bound to: it opens only for its own endpoint. */
export const secretContext = (endpoint: { readonly id: string; readonly userId: string }): string =>
  `webhook:${endpoint.userId}:${endpoint.id}`;

/** Endpoints and their delivery log, every read and write scoped to the acting user. */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    @Inject(WEBHOOKS_STORE) private readonly store: WebhooksStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SECRET_CIPHER) private readonly cipher: SecretCipher,
    @Inject(WEBHOOKS_SETTINGS) private readonly settings: WebhooksSettings,
  ) {}

  /** Answers the endpoint and its signing secret (shown this once; stored sealed). */
  async create(
    userId: string,
    input: NewWebhookEndpoint,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    this.checkTarget(input.url);
    const now = this.clock.now();
    const id = randomUUID();
    const secret = newWebhookSecret();
    const endpoint: WebhookEndpoint = {
      id,
      userId,
      url: input.url,
      events: [...input.events],
      description: input.description || null,
      secretSealed: this.cipher.seal(secret, secretContext({ id, userId })),
      enabled: true,
      disabledReason: null,
      consecutiveFailures: 0,
      createdAt: now,
      updatedAt: now,
    };
    await this.store.endpoints.insert(endpoint);
    return { endpoint, secret };
  }

  list(userId: string): Promise<WebhookEndpoint[]> {
    return this.store.endpoints.listByUser(userId);
  }

  async update(
    userId: string,
    endpointId: string,
    changes: WebhookEndpointChanges,
  ): Promise<WebhookEndpoint> {
    if (Object.values(changes).every((value) => value === undefined)) throw nothingToUpdate();
    if (changes.url !== undefined) this.checkTarget(changes.url);
    const updated = await this.store.endpoints.update(userId, endpointId, changes, this.clock.now());
    if (!updated) throw endpointNotFound();
    return updated;
  }

  /** Another user's endpoint is "not found", exactly like one that does not exist. */
  async remove(userId: string, endpointId: string): Promise<WebhookEndpoint> {
    const removed = await this.store.endpoints.remove(userId, endpointId);
    if (!removed) throw endpointNotFound();
    return removed;
  }

  async deliveries(userId: string, endpointId: string, limit: number): Promise<WebhookDelivery[]> {
    if (!(await this.store.endpoints.get(userId, endpointId))) throw endpointNotFound();
    return this.store.deliveries.listByEndpoint(userId, endpointId, limit);
  }

  /** Account deletion: everything the service holds for the user goes. Idempotent. */
  async deleteUserData(userId: string): Promise<RemovedUserData> {
    return {
      webhook_endpoints: await this.store.endpoints.deleteAllOfUser(userId),
      webhook_deliveries: await this.store.deliveries.deleteAllOfUser(userId),
    };
  }

  /** A literal private address is refused at once; a name is checked after resolution, at each delivery. */
  private checkTarget(url: string): void {
    if (this.settings.allowPrivateTargets) return;
    const host = new URL(url).hostname;
    try {
      checkLiteralHost(host);
    } catch {
      throw privateTarget(host);
    }
    if (host === 'localhost' || host.endsWith('.localhost')) throw privateTarget(host);
  }
}
