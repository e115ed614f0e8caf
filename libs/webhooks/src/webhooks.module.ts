import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import { JobsModule } from '@membolt/jobs';
import { AesGcmSecretCipher, CLOCK, SECRET_CIPHER, systemClock } from '@membolt/platform';
import { BusWebhookOwnerNotifier } from './adapters/bus/bus-owner-notifier.js';
import { WebhookSender } from './adapters/http/webhook-sender.js';
import { WEBHOOK_OWNER_NOTIFIER } from './ports/owner-notifier.js';
import { WEBHOOKS_STORE, type WebhooksStore } from './ports/webhooks-store.js';
import { WebhookDeliveriesService } from './services/webhook-deliveries.service.js';
import { WebhookEndpointsService } from './services/webhook-endpoints.service.js';
import { WebhooksEvents } from './webhooks.events.js';
import { WebhooksHandlers } from './webhooks.handlers.js';
import {
  resolveWebhooksSettings,
  WEBHOOKS_SETTINGS,
  type WebhooksModuleOptions,
} from './webhooks.options.js';
import { openWebhooksStore } from './webhooks.store.js';

/** The webhooks service: endpoints, the services' events turned into signed deliveries, the delivery log. */
@Module({})
export class WebhooksModule implements OnApplicationShutdown {
  constructor(@Inject(WEBHOOKS_STORE) private readonly store: WebhooksStore) {}

  static forRoot(options: WebhooksModuleOptions): DynamicModule {
    return {
      module: WebhooksModule,
      imports: [
        JobsModule.forRoot({ service: 'webhooks', ...(options.jobs ? { config: options.jobs } : {}) }),
      ],
      controllers: [WebhooksHandlers, WebhooksEvents, createHealthController('webhooks')],
      providers: [
        { provide: WEBHOOKS_SETTINGS, useValue: resolveWebhooksSettings(options) },
        { provide: WEBHOOKS_STORE, useFactory: () => openWebhooksStore(options.store) },
        { provide: CLOCK, useValue: systemClock },
        {
          provide: SECRET_CIPHER,
          useValue: new AesGcmSecretCipher(options.secret, options.previousSecrets ?? [], 'webhook-secrets'),
        },
        { provide: WEBHOOK_OWNER_NOTIFIER, useClass: BusWebhookOwnerNotifier },
        WebhookSender,
        WebhookEndpointsService,
        WebhookDeliveriesService,
      ],
    };
  }

  // Runs after the bus server has stopped taking requests, so no handler is still using the store.
  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
