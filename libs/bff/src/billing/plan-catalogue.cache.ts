import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { BusBroadcasts, BusClient } from '@membolt/bus';
import {
  BillingSubjects,
  type ListPlansRequest,
  type ListPlansResponse,
  PlansChangedEvent,
} from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';

/**
 * How long a copy is kept without news from billing: a broadcast can be lost (a reconnecting replica). Billing
 * broadcasts every change it reads, within its own minute; this only bounds a missed one.
 */
export const PLAN_CATALOGUE_COPY_TTL_MS = 60_000;

/**
 * The BFF's copy of billing's plan catalogue, per kind asked for: `planCatalogue` answers from it instead of
 * a request to billing each time. Billing broadcasts `billing.plans.changed.v1` whenever its read of the
 * store finds another catalogue (decision 222), and every copy is dropped then; the next query asks billing.
 * A request to billing that was under way when a change was heard is answered but not kept.
 */
@Injectable()
export class PlanCatalogueCache implements OnModuleInit {
  private readonly copies = new Map<string, { answer: Promise<ListPlansResponse>; at: number }>();
  /** Counts the changes heard; an answer asked for across one may predate it. */
  private changes = 0;

  constructor(
    private readonly bus: BusClient,
    private readonly broadcasts: BusBroadcasts,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.broadcasts.subscribeOrRetry(BillingSubjects.plansChanged, PlansChangedEvent, () =>
      this.drop(),
    );
  }

  /** The catalogue as billing answers it for `request`. */
  list(request: ListPlansRequest): Promise<ListPlansResponse> {
    const key = request.kind ?? '';
    const now = this.clock.nowMs();
    const copy = this.copies.get(key);
    if (copy && now - copy.at < PLAN_CATALOGUE_COPY_TTL_MS) return copy.answer;
    const changesBefore = this.changes;
    const answer = this.bus.request(BillingSubjects.listPlans, request);
    const entry = { answer, at: now };
    this.copies.set(key, entry);
    answer.then(
      () => {
        if (this.changes !== changesBefore && this.copies.get(key) === entry) this.copies.delete(key);
      },
      // A failed request is not kept: the next query asks again.
      () => {
        if (this.copies.get(key) === entry) this.copies.delete(key);
      },
    );
    return answer;
  }

  /** Changes every time the copies are dropped: an answer made from them before is out of date. */
  get version(): number {
    return this.changes;
  }

  /**
   * Until when an answer made from the copies now held may be kept (the epoch ms the oldest of them expires),
   * or 0 when none is held.
   */
  keptUntil(): number {
    let until = Infinity;
    for (const copy of this.copies.values()) until = Math.min(until, copy.at + PLAN_CATALOGUE_COPY_TTL_MS);
    return until === Infinity ? 0 : until;
  }

  /** Drops every copy (billing's catalogue changed). */
  drop(): void {
    this.changes++;
    this.copies.clear();
  }
}
