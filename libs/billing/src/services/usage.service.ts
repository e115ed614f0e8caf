import { Inject, Injectable } from '@nestjs/common';
import {
  type AuthorizeUsageRequest,
  monthStart,
  nextMonthStart,
  type RecordUsageRequest,
  tokenCostMicrocents,
  type UsageEvent,
  type UsageTermsView,
} from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';
import { apiKeyNotFound, invalidUsagePeriod, usageNotAuthorized } from '../billing.errors.js';
import { startedUsageEntry, type UsageEntry, type UsageRefusal, type UsageRow } from '../domain/usage.js';
import { API_KEY_DIRECTORY, type ApiKeyDirectory } from '../ports/api-key-directory.js';
import { BILLING_STORE, type BillingStore } from '../ports/billing-store.js';
import type { UsageDecision } from '../ports/usage.repository.js';
import { BillingChanges } from './billing-changes.js';
import { LedgerService } from './ledger.service.js';
import { PlanCatalogueService } from './plan-catalogue.service.js';
import { SubscriptionService } from './subscription.service.js';

const MAX_PERIOD_MS = 366 * 24 * 3600 * 1000;

export interface UsageRecord {
  readonly tokens: number;
  readonly tokenCostMicrocents: number;
  readonly chargedCents: number;
}

export interface UsageSummary {
  readonly from: Date;
  readonly to: Date;
  readonly rows: UsageRow[];
  readonly totals: {
    calls: number;
    conversations: number;
    tokens: number;
    costMicrocents: number;
    chargedCents: number;
  };
}

export interface KeySpendState {
  readonly keyId: string;
  readonly capCents: number | null;
  readonly spentMicrocents: number;
}

/**
 * Metering: every metered call is authorized before it runs (check, spend cap, the charge or the counted
 * conversation, applied atomically) and recorded after (the `api_usage` entry with its tokens and price).
 */
@Injectable()
export class UsageService {
  constructor(
    @Inject(BILLING_STORE) private readonly store: BillingStore,
    private readonly subscriptions: SubscriptionService,
    private readonly ledger: LedgerService,
    private readonly plans: PlanCatalogueService,
    private readonly changes: BillingChanges,
    @Inject(API_KEY_DIRECTORY) private readonly keys: ApiKeyDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async authorize(userId: string, request: AuthorizeUsageRequest): Promise<UsageDecision> {
    const now = this.clock.now();
    const { created, entry } = await this.store.usage.begin(
      startedUsageEntry({
        userId,
        idempotencyKey: request.idempotencyKey,
        at: now,
        endpoint: request.endpoint,
        method: request.method,
        keyId: request.keyId ?? null,
      }),
    );
    // A repeated message answers what the first decided (the charge is in the ledger once either way).
    if (!created) return decisionOf(entry);
    const decision = await this.decide(userId, request, now);
    await this.store.usage.decide(userId, request.idempotencyKey, decision);
    return decision;
  }

  async record(userId: string, request: RecordUsageRequest): Promise<UsageRecord> {
    // Looked up first: creating the entry (refused) is only for a record that arrives without its authorize.
    const entry =
      (await this.store.usage.find(userId, request.idempotencyKey)) ??
      (await this.store.usage.begin(this.unauthorizedEntry(userId, request))).entry;
    if (entry.allowed !== true) throw usageNotAuthorized();
    if (entry.recorded) return recordOf(entry);
    const catalogue = await this.plans.list();
    // Developer API traffic (a call made with a key) is priced per token; the web app's is not.
    const cost = entry.keyId
      ? tokenCostMicrocents(request.tokens, catalogue.developerApi.centsPerMillionTokens)
      : 0;
    let { chargedCents, conversation } = entry;
    if (!request.succeeded) {
      if (chargedCents > 0) await this.ledger.refund(userId, chargeKey(entry.idempotencyKey), chargedCents);
      if (conversation)
        await this.store.subscriptions.uncountConversation(userId, monthStart(entry.at), this.clock.now());
      chargedCents = 0;
      conversation = false;
    }
    const recorded = await this.store.usage.record(userId, request.idempotencyKey, {
      tokens: request.tokens,
      tokenCostMicrocents: request.succeeded ? cost : 0,
      succeeded: request.succeeded,
      chargedCents,
      conversation,
    });
    if (!recorded) throw usageNotAuthorized();
    if (!request.succeeded) await this.changes.changed(userId);
    return recordOf(recorded.entry);
  }

  /** What an edge authorizes a user's plain metered calls from (see `UsageTermsView`). */
  async terms(userId: string): Promise<UsageTermsView> {
    const [check, caps, catalogue] = await Promise.all([
      this.subscriptions.check(userId),
      this.store.usage.caps(userId),
      this.plans.list(),
    ]);
    return {
      valid: check.valid,
      reason: check.reason,
      plan: check.plan,
      rateCents: check.rateCents,
      cappedKeyIds: caps.map((cap) => cap.keyId),
      centsPerMillionTokens: catalogue.developerApi.centsPerMillionTokens,
    };
  }

  /**
   * Applies the outcomes an edge's outbox sends, each idempotency key once: an edge-authorized call gets
   * its whole entry in one insert that a repeat leaves alone (the unique key of user and idempotency key);
   * a billing-authorized one is recorded as `record` does (which gives a failed call's charge back once).
   * An event billing never authorized is skipped, as `record` would refuse it: sending it again cannot help.
   */
  async recordBatch(events: readonly UsageEvent[]): Promise<{ applied: number }> {
    const catalogue = await this.plans.list();
    let applied = 0;
    const byEdge: UsageEntry[] = [];
    for (const event of events) {
      if (event.authorizedBy === 'billing') {
        const entry = await this.store.usage.find(event.userId, event.idempotencyKey);
        if (entry?.allowed === true && !entry.recorded) {
          await this.record(event.userId, {
            endpoint: event.endpoint,
            method: event.method,
            idempotencyKey: event.idempotencyKey,
            tokens: event.tokens,
            succeeded: event.succeeded,
            ...(event.keyId ? { keyId: event.keyId } : {}),
          });
          applied++;
        }
        continue;
      }
      byEdge.push({
        userId: event.userId,
        idempotencyKey: event.idempotencyKey,
        at: new Date(event.at),
        endpoint: event.endpoint,
        method: event.method,
        keyId: event.keyId ?? null,
        allowed: true,
        reason: null,
        chargedCents: 0,
        conversation: false,
        tokens: event.tokens,
        tokenCostMicrocents:
          event.keyId && event.succeeded
            ? tokenCostMicrocents(event.tokens, catalogue.developerApi.centsPerMillionTokens)
            : 0,
        recorded: true,
        succeeded: event.succeeded,
      });
    }
    // The calls the edges authorized themselves are new entries, complete at once: written together.
    applied += await this.store.usage.createMany(byEdge);
    return { applied };
  }

  async summary(userId: string, from?: Date, to?: Date): Promise<UsageSummary> {
    const now = this.clock.now();
    const start = from ?? monthStart(now);
    const end = to ?? nextMonthStart(now);
    if (start.getTime() >= end.getTime() || end.getTime() - start.getTime() > MAX_PERIOD_MS)
      throw invalidUsagePeriod();
    const rows = await this.store.usage.summary(userId, start, end);
    const totals = rows.reduce(
      (sum, row) => ({
        calls: sum.calls + row.calls,
        conversations: sum.conversations + row.conversations,
        tokens: sum.tokens + row.tokens,
        costMicrocents: sum.costMicrocents + row.costMicrocents,
        chargedCents: sum.chargedCents + row.chargedCents,
      }),
      { calls: 0, conversations: 0, tokens: 0, costMicrocents: 0, chargedCents: 0 },
    );
    return { from: start, to: end, rows, totals };
  }

  /** Only on a key of the user's own: any other id is not found, and nothing is stored for it. */
  async setKeyCap(userId: string, keyId: string, capCents: number | null): Promise<KeySpendState> {
    if (!(await this.keys.owns(userId, keyId))) throw apiKeyNotFound();
    await this.store.usage.setCap(userId, keyId, capCents);
    // Edges authorize a key's calls themselves only while it has no cap: they must hear of this one.
    await this.changes.changed(userId);
    const spent = await this.store.usage.spendByKey(userId, monthStart(this.clock.now()));
    return { keyId, capCents, spentMicrocents: spent.get(keyId) ?? 0 };
  }

  /**
   * Every key that has a cap or spent something this month. Caps are listed only on the user's own keys:
   * entries stored before ownership was checked (on another user's key) never show.
   */
  async keySpend(userId: string): Promise<KeySpendState[]> {
    const [caps, spent] = await Promise.all([
      this.store.usage.caps(userId),
      this.store.usage.spendByKey(userId, monthStart(this.clock.now())),
    ]);
    const own = caps.length > 0 ? await this.keys.keyIdsOf(userId) : new Set<string>();
    const capOf = new Map(caps.filter((cap) => own.has(cap.keyId)).map((cap) => [cap.keyId, cap.capCents]));
    const keyIds = [...new Set([...capOf.keys(), ...spent.keys()])].sort();
    return keyIds.map((keyId) => ({
      keyId,
      capCents: capOf.get(keyId) ?? null,
      spentMicrocents: spent.get(keyId) ?? 0,
    }));
  }

  private async decide(userId: string, request: AuthorizeUsageRequest, now: Date): Promise<UsageDecision> {
    const refuse = (reason: UsageRefusal): UsageDecision => ({
      allowed: false,
      reason,
      chargedCents: 0,
      conversation: false,
    });
    const check = await this.subscriptions.check(userId);
    if (!check.valid || !check.plan) return refuse(check.reason ?? 'validation_error');
    if (request.keyId) {
      const cap = (await this.store.usage.caps(userId)).find(
        (candidate) => candidate.keyId === request.keyId,
      );
      if (cap) {
        const spent = (await this.store.usage.spendByKey(userId, monthStart(now))).get(request.keyId) ?? 0;
        if (spent >= cap.capCents * 1_000_000) return refuse('spend_cap_reached');
      }
    }
    const month = monthStart(now);
    let conversation = false;
    if (request.newConversation) {
      // Counted against the limit atomically: the cached check cannot let a limit be overshot.
      if (!(await this.store.subscriptions.countConversation(userId, check.conversationsLimit, month, now)))
        return this.refused(userId, refuse('free_tier_limit_reached'));
      conversation = true;
    }
    let chargedCents = 0;
    if (check.plan === 'pay-per-use' && check.rateCents > 0) {
      const outcome = await this.ledger.charge(
        userId,
        check.rateCents,
        chargeKey(request.idempotencyKey),
        `${request.method} ${request.endpoint}`,
      );
      if (outcome.status === 'insufficient_balance') {
        if (conversation) await this.store.subscriptions.uncountConversation(userId, month, now);
        return this.refused(userId, refuse('insufficient_balance'));
      }
      chargedCents = -outcome.entry.amountCents;
    }
    if (conversation) await this.changes.changed(userId);
    return { allowed: true, reason: null, chargedCents, conversation };
  }

  /** A refusal the cached check did not foresee: the cache was stale, so it goes. */
  private async refused(userId: string, decision: UsageDecision): Promise<UsageDecision> {
    await this.changes.changed(userId);
    return decision;
  }

  private unauthorizedEntry(userId: string, request: RecordUsageRequest): UsageEntry {
    // Used only to look the entry up: an entry that was never authorized is created refused.
    return {
      ...startedUsageEntry({
        userId,
        idempotencyKey: request.idempotencyKey,
        at: this.clock.now(),
        endpoint: request.endpoint,
        method: request.method,
        keyId: request.keyId ?? null,
      }),
      allowed: false,
      reason: 'validation_error',
    };
  }
}

const chargeKey = (usageKey: string) => `usage:${usageKey}`;

function decisionOf(entry: UsageEntry): UsageDecision {
  return {
    allowed: entry.allowed === true,
    reason: entry.allowed === null ? 'validation_error' : entry.reason,
    chargedCents: entry.chargedCents,
    conversation: entry.conversation,
  };
}

function recordOf(entry: UsageEntry): UsageRecord {
  return {
    tokens: entry.tokens,
    tokenCostMicrocents: entry.tokenCostMicrocents,
    chargedCents: entry.chargedCents,
  };
}
