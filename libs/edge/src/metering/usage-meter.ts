import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { BusBroadcasts, BusClient } from '@membolt/bus';
import {
  BillingError,
  BillingErrorCode,
  countTokensProcessed,
  tokenJsonOf,
  tokensOfJson,
  MemboltError,
  METERED_ENDPOINT_METHODS,
  type MeteredEndpoint,
  SUBSCRIPTION_CHECK_CACHE_MS,
  SUBSCRIPTION_REASON_MESSAGES,
  SubscriptionChangedEvent,
  type SubscriptionReason,
  SubscriptionSubjects,
  tokenCostMicrocents,
  type UsageEvent,
  UsageSubjects,
  type UsageTermsView,
} from '@membolt/contracts';
import { randomUUID } from 'node:crypto';
import { USAGE_OUTBOX, type UsageOutbox } from './usage-outbox.js';

/** Who a metered call acts for: the signed-in user, or the owner of the API key it came with. */
export interface MeteringPrincipal {
  readonly userId: string;
  readonly keyId?: string;
}

export interface MeteredCall {
  readonly principal: MeteringPrincipal;
  readonly endpoint: MeteredEndpoint;
  /** The call's validated input: with its answer, what the tokens processed are counted from. */
  readonly input: unknown;
  readonly newConversation?: boolean;
}

/** What a metered call cost: the headers of a REST answer carry it. */
export interface MeteredUsage {
  readonly tokens: number;
  readonly costMicrocents: number;
}

export const SPEND_CAP_MESSAGE = 'This API key has reached its monthly spend cap.';

/** The error an edge answers when billing refuses a call: 402 with the reason (REST), or its extensions. */
export function usageRefused(reason: SubscriptionReason | 'spend_cap_reached'): MemboltError {
  if (reason === 'spend_cap_reached')
    return new BillingError(BillingErrorCode.SpendCapReached, SPEND_CAP_MESSAGE);
  return new MemboltError(
    BillingErrorCode.SubscriptionInvalid,
    SUBSCRIPTION_REASON_MESSAGES[reason],
    undefined,
    reason,
  );
}

interface TermsFetch {
  stale: boolean;
  terms: Promise<UsageTermsView>;
}

/** How long an edge reuses a user's terms when no change is heard (billing's own check cache: 5 minutes). */
const TERMS_TTL_MS = SUBSCRIPTION_CHECK_CACHE_MS;
/** Most users whose terms one edge keeps; the oldest entry goes first beyond it. */
const MAX_TERMS = 50_000;

/**
 * Runs one metered call. The user's terms (the subscription check, the keys with a spend cap, the token
 * price) are cached here until billing broadcasts a change of the user: a plain call on a valid
 * subscription is authorized from them without a bus request. A call that moves money or a limit (a
 * pay-per-use charge, a new conversation, a key with a cap) is authorized by billing, which applies it
 * atomically. Either way the outcome (the tokens processed; a failed call gives its charge back) goes to
 * the usage outbox under the call's idempotency key, and the cost headers are priced from the terms.
 */
@Injectable()
export class UsageMeter implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('UsageMeter');
  private readonly terms = new Map<string, { terms: UsageTermsView; expiresAtMs: number }>();
  /** One request for a user's terms at a time; concurrent calls share it. */
  private readonly fetching = new Map<string, TermsFetch>();

  constructor(
    private readonly bus: BusClient,
    private readonly broadcasts: BusBroadcasts,
    @Inject(USAGE_OUTBOX) private readonly outbox: UsageOutbox,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.broadcasts.subscribeOrRetry(SubscriptionSubjects.changed, SubscriptionChangedEvent, (event) =>
      this.forget(event.userId),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.outbox.close();
  }

  /** Resolves once the outcomes of the calls metered so far have reached billing: a usage read sees them. */
  settle(): Promise<void> {
    return this.outbox.settle();
  }

  /**
   * Runs `handler` as one metered call. Answers its result, the usage, and `resultJson`: the result's JSON,
   * which the tokens were counted on (an edge that sends it as the answer's body serializes it only once).
   */
  async run<T>(
    call: MeteredCall,
    handler: () => Promise<T>,
  ): Promise<{ result: T; usage: MeteredUsage; resultJson: string }> {
    const { userId, keyId } = call.principal;
    const base = {
      endpoint: call.endpoint,
      method: METERED_ENDPOINT_METHODS[call.endpoint],
      idempotencyKey: `m-${randomUUID()}`,
      ...(keyId ? { keyId } : {}),
    };
    const at = new Date().toISOString();
    let terms: UsageTermsView;
    try {
      terms = await this.termsOf(userId);
    } catch (error) {
      // Spec: "validation_error (any failure during the check)".
      this.logger.error(`Usage of ${userId} not authorized (check failed): ${describe(error)}`);
      throw usageRefused('validation_error');
    }
    if (!terms.valid) throw usageRefused(terms.reason ?? 'validation_error');

    const capped = keyId !== undefined && terms.cappedKeyIds.includes(keyId);
    const byBilling =
      call.newConversation === true || (terms.plan === 'pay-per-use' && terms.rateCents > 0) || capped;
    let chargedCents = 0;
    if (byBilling) {
      let decision;
      try {
        decision = await this.bus.request(
          UsageSubjects.authorize,
          { ...base, ...(call.newConversation ? { newConversation: true } : {}) },
          { userId },
        );
      } catch (error) {
        this.logger.error(`Usage of ${userId} not authorized (check failed): ${describe(error)}`);
        throw usageRefused('validation_error');
      }
      // The balance, the conversations used or the key's spend moved: the terms are read again next time.
      this.forget(userId);
      if (!decision.allowed) throw usageRefused(decision.reason ?? 'validation_error');
      chargedCents = decision.chargedCents;
    }

    const outcome = (tokens: number, succeeded: boolean): UsageEvent => ({
      ...base,
      userId,
      at,
      tokens,
      succeeded,
      authorizedBy: byBilling ? 'billing' : 'edge',
    });
    let result: T;
    try {
      result = await handler();
    } catch (error) {
      await this.append(outcome(countTokensProcessed(call.input, undefined), false));
      // A failed call's charge or conversation is given back before the caller hears of the failure.
      if (byBilling) await this.outbox.settle();
      throw error;
    }
    const resultJson = tokenJsonOf(result);
    const tokens = tokensOfJson(tokenJsonOf(call.input), resultJson);
    await this.append(outcome(tokens, true));
    // A capped key's next call is checked against its spend: this call's tokens must be in it by then.
    if (capped) await this.outbox.settle();
    // The price known up front: billing prices the entry from the same catalogue.
    const tokenCost = keyId ? tokenCostMicrocents(tokens, terms.centsPerMillionTokens) : 0;
    return { result, usage: { tokens, costMicrocents: chargedCents * 1_000_000 + tokenCost }, resultJson };
  }

  private async append(event: UsageEvent): Promise<void> {
    try {
      await this.outbox.append(event);
    } catch (error) {
      // The call itself is done: a lost usage entry is logged, never turned into the user's failure.
      this.logger.error(`Usage of ${event.userId} not recorded: ${describe(error)}`);
    }
  }

  private termsOf(userId: string): Promise<UsageTermsView> {
    const cached = this.terms.get(userId);
    if (cached && cached.expiresAtMs > Date.now()) return Promise.resolve(cached.terms);
    const pending = this.fetching.get(userId);
    if (pending) return pending.terms;
    const fetch: TermsFetch = { stale: false, terms: Promise.resolve(null as unknown as UsageTermsView) };
    fetch.terms = (async () => {
      try {
        const terms = await this.bus.request(UsageSubjects.terms, {}, { userId });
        if (!fetch.stale) this.remember(userId, terms);
        return terms;
      } finally {
        if (this.fetching.get(userId) === fetch) this.fetching.delete(userId);
      }
    })();
    this.fetching.set(userId, fetch);
    return fetch.terms;
  }

  private remember(userId: string, terms: UsageTermsView): void {
    this.terms.delete(userId);
    if (this.terms.size >= MAX_TERMS) {
      const oldest = this.terms.keys().next();
      if (!oldest.done) this.terms.delete(oldest.value);
    }
    this.terms.set(userId, { terms, expiresAtMs: Date.now() + TERMS_TTL_MS });
  }

  private forget(userId: string): void {
    this.terms.delete(userId);
    // Terms on their way may predate the change: not kept, and not handed to calls that start after it.
    const pending = this.fetching.get(userId);
    if (pending) {
      pending.stale = true;
      this.fetching.delete(userId);
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
