import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { BusBroadcasts, BusClient } from '@membolt/bus';
import { SubscriptionChangedEvent, SubscriptionSubjects } from '@membolt/contracts';
import type { BillingChangeNotifier } from '../../ports/billing-events.js';
import { SubscriptionCheckCache } from '../../services/subscription-check.cache.js';

/** Broadcasts `billing.subscription.changed.v1`; every billing replica drops the user's cached check. */
@Injectable()
export class BusBillingChangeNotifier implements BillingChangeNotifier {
  private readonly logger = new Logger('BillingChanges');

  constructor(private readonly bus: BusClient) {}

  async changed(userId: string): Promise<void> {
    try {
      await this.bus.emit(SubscriptionSubjects.changed, { userId }, { userId });
    } catch (error) {
      // The change is stored; other replicas then see it when their entry expires (5 minutes at most).
      this.logger.error(
        `Change of ${userId} not broadcast: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

/** Hears `billing.subscription.changed.v1` from every replica (this one included) and drops the entry. */
@Injectable()
export class BillingChangeListener implements OnModuleInit {
  constructor(
    private readonly broadcasts: BusBroadcasts,
    private readonly cache: SubscriptionCheckCache,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.broadcasts.subscribeOrRetry(
      SubscriptionSubjects.changed,
      SubscriptionChangedEvent,
      (event) => {
        this.cache.drop(event.userId);
      },
    );
  }
}
