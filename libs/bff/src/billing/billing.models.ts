import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('SubscriptionStatus', { description: "The viewer's subscription. Money is in integer cents." })
export class SubscriptionModel {
  @Field({ description: 'active or inactive (any other status counts as inactive).' })
  status!: string;

  @Field({ description: 'free, basic, pro, enterprise or pay-per-use.' })
  plan!: string;

  @Field(() => Int, { description: 'Derived from the ledger; never below 0.' })
  balanceCents!: number;

  @Field(() => Int, { description: 'Cents per charged call on pay-per-use.' })
  rateCents!: number;

  @Field(() => Int, { description: 'Conversations started this calendar month.' })
  conversationsUsed!: number;

  @Field(() => Int, { nullable: true, description: "The plan's monthly limit; null for unlimited." })
  conversationsLimit!: number | null;

  @Field(() => Int, { nullable: true, description: 'Days a memory is kept; null for unlimited.' })
  retentionDays!: number | null;

  @Field({ description: 'usage.last_reset: the month the usage counts.' })
  usageResetAt!: string;

  @Field({ description: 'When the plan renews.' })
  renewsAt!: string;

  @Field()
  createdAt!: string;
}

@ObjectType('SubscriptionCheck', {
  description: 'The subscription check (valid, or one of the five reasons).',
})
export class SubscriptionCheckModel {
  @Field()
  valid!: boolean;

  @Field(() => String, {
    nullable: true,
    description:
      'user_not_found, inactive_account, insufficient_balance, free_tier_limit_reached or validation_error.',
  })
  reason!: string | null;

  @Field(() => String, { nullable: true })
  plan!: string | null;

  @Field(() => Int)
  balanceCents!: number;

  @Field(() => Int)
  rateCents!: number;

  @Field(() => Int)
  conversationsUsed!: number;

  @Field(() => Int, { nullable: true })
  conversationsLimit!: number | null;
}

@ObjectType('UsageDay', { description: 'One day (UTC) of metered calls, every endpoint summed.' })
export class UsageDayModel {
  @Field({ description: 'YYYY-MM-DD' })
  day!: string;

  @Field(() => Int)
  calls!: number;

  @Field(() => Int)
  conversations!: number;

  @Field(() => Float)
  tokens!: number;

  @Field(() => Float, {
    description:
      'Cents (fractional: token prices are micro-cents): the charges plus the price of the tokens of API key ' +
      'calls, which is reported (and counts toward key spend caps) but never taken from the balance.',
  })
  costCents!: number;

  @Field(() => Int, { description: 'Cents really taken from the balance (pay-per-use calls).' })
  chargedCents!: number;
}

@ObjectType('UsageRow', { description: 'One day and endpoint of metered calls.' })
export class UsageRowModel extends UsageDayModel {
  @Field()
  endpoint!: string;
}

@ObjectType('UsageTotals')
export class UsageTotalsModel {
  @Field(() => Int)
  calls!: number;

  @Field(() => Int)
  conversations!: number;

  @Field(() => Float)
  tokens!: number;

  @Field(() => Float)
  costCents!: number;

  @Field(() => Int, { description: 'Cents really taken from the balance (pay-per-use calls).' })
  chargedCents!: number;
}

@ObjectType('UsageSummary')
export class UsageSummaryModel {
  @Field()
  from!: string;

  @Field()
  to!: string;

  @Field(() => [UsageDayModel], { description: 'Every day of the period, with zeros on days without calls.' })
  daily!: UsageDayModel[];

  @Field(() => [UsageRowModel])
  rows!: UsageRowModel[];

  @Field(() => UsageTotalsModel)
  totals!: UsageTotalsModel;
}

@ObjectType('LedgerEntry')
export class LedgerEntryModel {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'top_up, charge, refund or plan_change.' })
  kind!: string;

  @Field(() => Int)
  amountCents!: number;

  @Field(() => Int)
  balanceAfterCents!: number;

  @Field()
  description!: string;

  @Field()
  createdAt!: string;
}

@ObjectType('LedgerPage')
export class LedgerPageModel {
  @Field(() => [LedgerEntryModel])
  entries!: LedgerEntryModel[];

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  limit!: number;

  @Field(() => Int)
  offset!: number;
}

@ObjectType('PaymentProvider')
export class PaymentProviderModel {
  @Field({ description: 'simulation or stripe.' })
  id!: string;

  @Field({ description: 'True for the built-in simulation: no card is charged.' })
  simulation!: boolean;

  @Field()
  label!: string;

  @Field({ description: 'Where Contact Support writes to.' })
  supportEmail!: string;
}

@ObjectType('PaymentAction', {
  description: 'Applied at once (the simulation, or a plan without a price), or a checkout page to open.',
})
export class PaymentActionModel {
  @Field({ description: 'applied or checkout.' })
  status!: string;

  @Field(() => String, { nullable: true })
  checkoutUrl!: string | null;

  @Field(() => SubscriptionModel)
  subscription!: SubscriptionModel;
}

@ObjectType('ApiKeySpend')
export class ApiKeySpendModel {
  @Field(() => ID)
  keyId!: string;

  @Field(() => Int, { nullable: true, description: 'Monthly cap in cents; null for none.' })
  capCents!: number | null;

  @Field(() => Float, { description: 'Spent this calendar month, in cents.' })
  spentCents!: number;
}
