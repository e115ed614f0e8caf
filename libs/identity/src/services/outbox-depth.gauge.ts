import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit, Optional } from '@nestjs/common';
import { METRICS, type Metrics } from '@membolt/platform';
import { IDENTITY_STORE, type IdentityStore } from '../ports/identity-store.js';

/**
 * Reports the outbox's pending steps as `membolt_queue_depth{queue="identity_outbox_pending"}`: a growing
 * value means follow-up steps (default key, subscription, data deletion) are failing or falling behind.
 */
@Injectable()
export class OutboxDepthGauge implements OnModuleInit, OnModuleDestroy {
  private unregister: (() => void) | undefined;

  constructor(
    @Inject(IDENTITY_STORE) private readonly store: IdentityStore,
    @Optional() @Inject(METRICS) private readonly metrics?: Metrics,
  ) {}

  onModuleInit(): void {
    this.unregister = this.metrics?.registerQueue('identity_outbox_pending', () => this.store.outbox.count());
  }

  onModuleDestroy(): void {
    this.unregister?.();
  }
}
