import type { PlanId, PlanKind } from '../rules/plan.rules.js';

/** One plan of the catalogue as it crosses the bus. Money is integer cents; `null` means unlimited or custom. */
export interface PlanView {
  readonly id: PlanId;
  readonly kind: PlanKind;
  readonly name: string;
  readonly description: string;
  /** Monthly price in cents; null for custom pricing (Enterprise) or usage-priced plans. */
  readonly monthlyPriceCents: number | null;
  /** Conversations included per calendar month; null for unlimited. */
  readonly conversationsPerMonth: number | null;
  /** Days a memory is kept; null for unlimited retention. */
  readonly retentionDays: number | null;
  /** Price of one charged call in cents (pay-per-use only). */
  readonly ratePerCallCents: number | null;
  readonly features: readonly string[];
  readonly callToAction: string;
  readonly highlighted: boolean;
  readonly sortOrder: number;
}

/** Developer API pricing shown beside the plans. */
export interface DeveloperApiPricingView {
  readonly centsPerMillionTokens: number;
  readonly bringYourOwnKeys: boolean;
}

export interface ListPlansResponse {
  readonly plans: readonly PlanView[];
  readonly developerApi: DeveloperApiPricingView;
}
