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
export const PLAN_CATALOGUE_TTL_MS = 60_000;

/** The plan catalogue: the one source of every price and limit the product shows or enforces. */
@Injectable()
export class PlanCatalogueService implements OnModuleInit {
  private cached: { catalogue: PlanCatalogue; text: string; at: number } | null = null;
  private readonly changeListeners = new Set<() => void>();

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
    const catalogue =
      !this.cached || now - this.cached.at >= PLAN_CATALOGUE_TTL_MS
        ? await this.refresh()
        : this.cached.catalogue;
    return kind ? { ...catalogue, plans: catalogue.plans.filter((plan) => plan.kind === kind) } : catalogue;
  }

  /**
   * Reads the store again (what `list` does once its copy is older than the TTL). When what it reads differs
   * from the copy it replaces, or is this process's first read (a copy kept elsewhere may be older than this
   * process), every listener is told, so that copies kept elsewhere are dropped.
   */
  async refresh(): Promise<PlanCatalogue> {
    const catalogue = await this.store.plans.load();
    const text = JSON.stringify(catalogue);
    const changed = this.cached?.text !== text;
    this.cached = { catalogue, text, at: this.clock.nowMs() };
    if (changed) this.changeListeners.forEach((listener) => listener());
    return catalogue;
  }

  /** Calls `listener` whenever a read of the store finds a catalogue other than the one read before it. */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }
}
