import { Injectable, Logger } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import {
  BillingError,
  BillingErrorCode,
  countTokensProcessed,
  MemboltError,
  METERED_ENDPOINT_METHODS,
  type MeteredEndpoint,
  type RecordUsageRequest,
  SUBSCRIPTION_REASON_MESSAGES,
  type SubscriptionReason,
  UsageSubjects,
} from '@membolt/contracts';
import { randomUUID } from 'node:crypto';

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

/**
 * Runs one metered call: billing authorizes it first (the subscription check, the key's spend cap, and the
 * charge or the counted conversation, atomically), then the call runs, then its `api_usage` entry is
 * recorded with the tokens processed (a failed call gets its charge back). One idempotency key ties both
 * bus messages, so a retried message is harmless.
 */
@Injectable()
export class UsageMeter {
  private readonly logger = new Logger('UsageMeter');

  constructor(private readonly bus: BusClient) {}

  async run<T>(call: MeteredCall, handler: () => Promise<T>): Promise<{ result: T; usage: MeteredUsage }> {
    const { userId, keyId } = call.principal;
    const base = {
      endpoint: call.endpoint,
      method: METERED_ENDPOINT_METHODS[call.endpoint],
      idempotencyKey: `m-${randomUUID()}`,
      ...(keyId ? { keyId } : {}),
    };
    let decision;
    try {
      decision = await this.bus.request(
        UsageSubjects.authorize,
        { ...base, ...(call.newConversation ? { newConversation: true } : {}) },
        { userId },
      );
    } catch (error) {
      // Spec: "validation_error (any failure during the check)".
      this.logger.error(`Usage of ${userId} not authorized (check failed): ${describe(error)}`);
      throw usageRefused('validation_error');
    }
    if (!decision.allowed) throw usageRefused(decision.reason ?? 'validation_error');

    let result: T;
    try {
      result = await handler();
    } catch (error) {
      await this.record(userId, {
        ...base,
        tokens: countTokensProcessed(call.input, undefined),
        succeeded: false,
      });
      throw error;
    }
    const tokens = countTokensProcessed(call.input, result);
    const recorded = await this.record(userId, { ...base, tokens, succeeded: true });
    return {
      result,
      usage: recorded ?? { tokens, costMicrocents: decision.chargedCents * 1_000_000 },
    };
  }

  private async record(userId: string, request: RecordUsageRequest): Promise<MeteredUsage | null> {
    try {
      const view = await this.bus.request(UsageSubjects.record, request, { userId });
      return { tokens: view.tokens, costMicrocents: view.costMicrocents };
    } catch (error) {
      // The call itself is done: a lost usage entry is logged, never turned into the user's failure.
      this.logger.error(`Usage of ${userId} not recorded: ${describe(error)}`);
      return null;
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
