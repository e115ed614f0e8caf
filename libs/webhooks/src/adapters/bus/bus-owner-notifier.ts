import { Injectable } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { IdentitySubjects } from '@membolt/contracts';
import type { WebhookEndpoint } from '../../domain/webhook.js';
import type { WebhookOwnerNotifier } from '../../ports/owner-notifier.js';

/** Asks identity (which holds the owner's address and the mailer) to e-mail the owner. */
@Injectable()
export class BusWebhookOwnerNotifier implements WebhookOwnerNotifier {
  constructor(private readonly bus: BusClient) {}

  async endpointDisabled(endpoint: WebhookEndpoint): Promise<void> {
    const text = [
      `Your webhook endpoint ${endpoint.url} was disabled after ${endpoint.consecutiveFailures} failed deliveries in a row.`,
      '',
      'Membolt sends it no more events until you enable it again (Settings > API Keys > Webhooks, or',
      `PUT /api/user/{id}/webhooks/${endpoint.id} with {"enabled": true}). Its delivery log shows each answer.`,
    ].join('\n');
    await this.bus.request(
      IdentitySubjects.notifyUser,
      { subject: 'A Membolt webhook endpoint was disabled', text },
      { userId: endpoint.userId },
    );
  }
}
