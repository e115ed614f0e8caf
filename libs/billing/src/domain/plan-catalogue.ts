import type { PlanId, PlanKind } from '@membolt/contracts';

/** A plan as the billing domain holds it. Money is integer cents; `null` means unlimited or custom. */
export interface Plan {
  readonly id: PlanId;
  readonly kind: PlanKind;
  readonly name: string;
  readonly description: string;
  readonly monthlyPriceCents: number | null;
  readonly conversationsPerMonth: number | null;
  readonly retentionDays: number | null;
  readonly ratePerCallCents: number | null;
  readonly features: readonly string[];
  readonly callToAction: string;
  readonly highlighted: boolean;
  readonly sortOrder: number;
}

/**
 * Whether a user may take the plan on their own: Free, or a plan with a monthly price a payment collects.
 * A plan without one (Enterprise's custom pricing, Pay-per-use) is arranged with the operator, who applies it.
 */
export function isSelfServePlan(plan: Plan): plan is Plan & { readonly monthlyPriceCents: number } {
  return plan.monthlyPriceCents !== null;
}

export interface DeveloperApiPricing {
  readonly centsPerMillionTokens: number;
  readonly bringYourOwnKeys: boolean;
}

export interface PlanCatalogue {
  readonly plans: readonly Plan[];
  readonly developerApi: DeveloperApiPricing;
}

/**
 * The catalogue a new installation starts with (docs/requirements/web-app.md, Limits and constants and docs/requirements/product-decisions.md). It is seeded
 * into the billing store once; an operator's later edits to stored plans are kept.
 */
export const DEFAULT_PLAN_CATALOGUE: PlanCatalogue = {
  plans: [
    {
      id: 'free',
      kind: 'subscription',
      name: 'Free',
      description: 'Free Plan',
      monthlyPriceCents: 0,
      conversationsPerMonth: 10,
      retentionDays: 7,
      ratePerCallCents: null,
      features: ['10 conversations per month', 'Limited model selection', 'Basic memory', '7-day retention'],
      callToAction: 'Get Started',
      highlighted: false,
      sortOrder: 1,
    },
    {
      id: 'basic',
      kind: 'subscription',
      name: 'Basic',
      description: 'Basic Plan - $20/month',
      monthlyPriceCents: 2000,
      conversationsPerMonth: 20,
      retentionDays: 30,
      ratePerCallCents: null,
      features: [
        '20 conversations per month',
        'Standard models',
        'Enhanced memory',
        '30-day retention',
        'Priority support',
      ],
      callToAction: 'Get Started',
      highlighted: false,
      sortOrder: 2,
    },
    {
      id: 'pro',
      kind: 'subscription',
      name: 'Pro',
      description: 'Pro Plan - $50/month',
      monthlyPriceCents: 5000,
      conversationsPerMonth: 50,
      retentionDays: null,
      ratePerCallCents: null,
      features: ['50 conversations per month', 'Unlimited retention', 'Custom memory training'],
      callToAction: 'Get Started',
      highlighted: true,
      sortOrder: 3,
    },
    {
      id: 'enterprise',
      kind: 'subscription',
      name: 'Enterprise',
      description: 'Enterprise Plan - Custom Pricing',
      monthlyPriceCents: null,
      conversationsPerMonth: null,
      retentionDays: null,
      ratePerCallCents: null,
      features: ['Unlimited conversations', 'Dedicated infrastructure', 'SLA'],
      callToAction: 'Contact Us',
      highlighted: false,
      sortOrder: 4,
    },
    {
      id: 'pay-per-use',
      kind: 'pay-per-use',
      name: 'Pay-per-use',
      description: 'Pay-per-use - $0.01 per API call',
      monthlyPriceCents: null,
      conversationsPerMonth: null,
      retentionDays: 30,
      ratePerCallCents: 1,
      features: [
        '$0.01 per charged API call',
        'No monthly commitment',
        'Prepaid balance',
        '30-day retention',
      ],
      callToAction: 'Add Funds',
      highlighted: false,
      sortOrder: 5,
    },
  ],
  developerApi: { centsPerMillionTokens: 30, bringYourOwnKeys: true },
};
