import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { PlanKind } from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';
import { DEFAULT_PLAN_CATALOGUE, type PlanCatalogue } from '../domain/plan-catalogue.js';
import { BILLING_STORE, type BillingStore } from '../ports/billing-store.js';

/**
 * How long a read catalogue is reused. The product never changes it while running (decision 004: seeded
 * from code, insert-if-missing); an operator's edit of the store is seen within this time. Every metered
 * call reads it to price its tokens.
 */
const PLAN_CATALOGUE_TTL_MS = 60_000;

/** The plan catalogue: the one source of every price and limit the product shows or enforces. */
@Injectable()
export class PlanCatalogueService implements OnModuleInit {
  private cached: { catalogue: PlanCatalogue; at: number } | null = null;

  constructor(
    @Inject(BILLING_STORE) private readonly store: BillingStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.store.plans.seed(DEFAULT_PLAN_CATALOGUE);
    this.cached = null;
  }

  async list(kind?: PlanKind): Promise<PlanCatalogue> {
    const now = this.clock.nowMs();
    if (!this.cached || now - this.cached.at >= PLAN_CATALOGUE_TTL_MS) {
      this.cached = { catalogue: await this.store.plans.load(), at: now };
    }
    const catalogue = this.cached.catalogue;
    return kind ? { ...catalogue, plans: catalogue.plans.filter((plan) => plan.kind === kind) } : catalogue;
  }
}
