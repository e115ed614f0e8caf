import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import {
  CommonError,
  CommonErrorCode,
  PaymentSubjects,
  type PlanId,
  SubscriptionSubjects,
  UsageSubjects,
} from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { UsageMeter } from '@membolt/edge';
import { CurrentUser } from '../session/current-user.decorator.js';
import type { SessionUser } from '../session/session.guard.js';
import { toApiKeySpendModel, toUsageSummaryModel } from './billing.mapper.js';
import {
  ApiKeySpendModel,
  LedgerPageModel,
  PaymentActionModel,
  PaymentProviderModel,
  SubscriptionCheckModel,
  SubscriptionModel,
  UsageSummaryModel,
} from './billing.models.js';

function optionalDate(name: string, value: string | null | undefined): Date | undefined {
  if (value === null || value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new CommonError(CommonErrorCode.ValidationError, `${name} must be an ISO 8601 date`);
  return date;
}

/** The viewer's subscription, usage, ledger, plan changes, top-ups and key spend caps. */
@Resolver()
export class BillingResolver {
  constructor(
    private readonly bus: BusClient,
    private readonly meter: UsageMeter,
  ) {}

  @Query(() => SubscriptionModel)
  async subscription(@CurrentUser() user: SessionUser): Promise<SubscriptionModel> {
    return this.bus.request(SubscriptionSubjects.get, {}, { userId: user.userId });
  }

  @Query(() => SubscriptionCheckModel, {
    description: 'The subscription check (cached 5 minutes on the server).',
  })
  async subscriptionCheck(@CurrentUser() user: SessionUser): Promise<SubscriptionCheckModel> {
    return this.bus.request(SubscriptionSubjects.check, {}, { userId: user.userId });
  }

  @Query(() => UsageSummaryModel, {
    description: 'Usage by day between two ISO dates (default: this month).',
  })
  async usageSummary(
    @CurrentUser() user: SessionUser,
    @Args('from', { type: () => String, nullable: true }) from?: string | null,
    @Args('to', { type: () => String, nullable: true }) to?: string | null,
  ): Promise<UsageSummaryModel> {
    const start = optionalDate('from', from);
    const end = optionalDate('to', to);
    // Calls answered before this read are in it, whether or not the outbox had sent them yet.
    await this.meter.settle();
    return toUsageSummaryModel(
      await this.bus.request(
        UsageSubjects.summary,
        { ...(start ? { from: start } : {}), ...(end ? { to: end } : {}) },
        { userId: user.userId },
      ),
    );
  }

  @Query(() => LedgerPageModel, { description: 'The ledger, newest entry first.' })
  async ledger(
    @CurrentUser() user: SessionUser,
    @Args('limit', { type: () => Int, defaultValue: 20 }) limit: number,
    @Args('offset', { type: () => Int, defaultValue: 0 }) offset: number,
  ): Promise<LedgerPageModel> {
    // A failed call's refund travels with its usage outcome.
    await this.meter.settle();
    return this.bus.request(UsageSubjects.ledger, { limit, offset }, { userId: user.userId });
  }

  @Query(() => PaymentProviderModel, { description: 'Who takes payments; the simulation is labelled.' })
  async paymentProvider(): Promise<PaymentProviderModel> {
    return this.bus.request(PaymentSubjects.provider, {});
  }

  @Query(() => [ApiKeySpendModel], { description: 'This month’s spend and cap of each API key.' })
  async apiKeySpend(@CurrentUser() user: SessionUser): Promise<ApiKeySpendModel[]> {
    await this.meter.settle();
    return (await this.bus.request(UsageSubjects.listKeySpend, {}, { userId: user.userId })).keys.map(
      toApiKeySpendModel,
    );
  }

  /** The plan id is validated by billing (BAD_USER_INPUT for an unknown one). */
  @Mutation(() => PaymentActionModel, { description: 'Upgrade, downgrade, or cancel (plan "free").' })
  async changePlan(
    @CurrentUser() user: SessionUser,
    @Args('plan') plan: string,
  ): Promise<PaymentActionModel> {
    return this.bus.request(PaymentSubjects.changePlan, { plan: plan as PlanId }, { userId: user.userId });
  }

  @Mutation(() => String, {
    description:
      "The payment provider's billing page for the user's cards and invoices (Stripe's customer portal): a URL to send the user to.",
  })
  async openBillingPortal(@CurrentUser() user: SessionUser): Promise<string> {
    return (await this.bus.request(PaymentSubjects.portal, {}, { userId: user.userId })).url;
  }

  @Mutation(() => PaymentActionModel, { description: 'Add funds: $1 to $1,000, in cents.' })
  async addFunds(
    @CurrentUser() user: SessionUser,
    @Args('amountCents', { type: () => Int }) amountCents: number,
  ): Promise<PaymentActionModel> {
    return this.bus.request(PaymentSubjects.addFunds, { amountCents }, { userId: user.userId });
  }

  @Mutation(() => ApiKeySpendModel, {
    description: 'Sets (or, with null, removes) a monthly spend cap on a key.',
  })
  async setApiKeySpendCap(
    @CurrentUser() user: SessionUser,
    @Args('keyId', { type: () => ID }) keyId: string,
    @Args('capCents', { type: () => Int, nullable: true }) capCents: number | null,
  ): Promise<ApiKeySpendModel> {
    return toApiKeySpendModel(
      await this.bus.request(
        UsageSubjects.setKeyCap,
        // An absent cap removes it.
        { keyId, ...(capCents === null || capCents === undefined ? {} : { capCents }) },
        { userId: user.userId },
      ),
    );
  }
}
