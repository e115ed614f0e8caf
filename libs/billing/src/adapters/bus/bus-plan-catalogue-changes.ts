import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { BillingSubjects } from '@membolt/contracts';
import { PLAN_CATALOGUE_TTL_MS, PlanCatalogueService } from '../../services/plan-catalogue.service.js';

/**
 * Broadcasts `billing.plans.changed.v1` whenever billing's read of the store finds another catalogue, and
 * reads it every TTL whether or not anyone asked: a copy of the catalogue kept outside billing (the BFF's)
 * spares billing the requests that would otherwise have made it read again. An edit of the store is thus
 * broadcast within the TTL, the time billing itself took to see it.
 */
@Injectable()
export class PlanCatalogueBroadcaster implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('PlanCatalogue');
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => void) | undefined;

  constructor(
    private readonly plans: PlanCatalogueService,
    private readonly bus: BusClient,
  ) {}

  onModuleInit(): void {
    this.stopListening = this.plans.onChange(() => void this.broadcast());
    this.timer = setInterval(() => {
      this.plans.refresh().catch((error: unknown) => {
        this.logger.error(
          `Plan catalogue not read: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    }, PLAN_CATALOGUE_TTL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.stopListening?.();
  }

  private async broadcast(): Promise<void> {
    try {
      await this.bus.emit(BillingSubjects.plansChanged, {});
    } catch (error) {
      // Copies kept elsewhere expire on their own (the BFF's within a minute).
      this.logger.error(
        `Plan catalogue change not broadcast: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
