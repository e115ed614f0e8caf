import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@membolt/platform';
import { subscriptionNotFound } from '../billing.errors.js';
import type { LedgerEntry, LedgerOutcome } from '../domain/ledger.js';
import { BILLING_STORE, type BillingStore } from '../ports/billing-store.js';
import { BillingChanges } from './billing-changes.js';

const LEDGER_PAGE_DEFAULT = 20;

/** The ledger: every top-up, charge, refund and plan change, each once by its idempotency key. */
@Injectable()
export class LedgerService {
  constructor(
    @Inject(BILLING_STORE) private readonly store: BillingStore,
    private readonly changes: BillingChanges,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Adds funds that a payment provider has collected; `reference` makes a retried delivery harmless. */
  async topUp(
    userId: string,
    amountCents: number,
    reference: string,
    description: string,
  ): Promise<LedgerOutcome> {
    if (!(await this.store.subscriptions.findByUser(userId))) throw subscriptionNotFound();
    const outcome = await this.store.ledger.apply({
      userId,
      kind: 'top_up',
      amountCents,
      description,
      idempotencyKey: `topup:${reference}`,
      createdAt: this.clock.now(),
    });
    if (outcome.status === 'applied') await this.changes.changed(userId);
    return outcome;
  }

  /** Takes `amountCents` unless the balance would go below zero; once per `idempotencyKey`. */
  async charge(
    userId: string,
    amountCents: number,
    idempotencyKey: string,
    description: string,
  ): Promise<LedgerOutcome> {
    const outcome = await this.store.ledger.apply({
      userId,
      kind: 'charge',
      amountCents: -amountCents,
      description,
      idempotencyKey,
      createdAt: this.clock.now(),
    });
    if (outcome.status === 'applied') await this.changes.changed(userId);
    return outcome;
  }

  /** Gives back the charge made under `chargeKey` (its call failed); once. */
  async refund(userId: string, chargeKey: string, amountCents: number): Promise<void> {
    const outcome = await this.store.ledger.apply({
      userId,
      kind: 'refund',
      amountCents,
      description: 'Refund of a failed call',
      idempotencyKey: `refund:${chargeKey}`,
      createdAt: this.clock.now(),
    });
    if (outcome.status === 'applied') await this.changes.changed(userId);
  }

  async list(
    userId: string,
    limit = LEDGER_PAGE_DEFAULT,
    offset = 0,
  ): Promise<{ entries: LedgerEntry[]; total: number; limit: number; offset: number }> {
    return { ...(await this.store.ledger.list(userId, limit, offset)), limit, offset };
  }
}
