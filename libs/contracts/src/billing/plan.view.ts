import { z } from 'zod';
import { PLAN_IDS, PLAN_KINDS } from '../rules/plan.rules.js';

/** One plan of the catalogue as it crosses the bus. Money is integer cents; `null` means unlimited or custom. */
export const PlanView = z
  .object({
    id: z.enum(PLAN_IDS),
    kind: z.enum(PLAN_KINDS),
    name: z.string(),
    description: z.string(),
    monthlyPriceCents: z
      .int()
      .nullable()
      .meta({ description: 'Monthly price in cents; null for custom pricing or usage-priced plans.' }),
    conversationsPerMonth: z
      .int()
      .nullable()
      .meta({ description: 'Conversations per calendar month; null for unlimited.' }),
    retentionDays: z.int().nullable().meta({ description: 'Days a memory is kept; null for unlimited.' }),
    ratePerCallCents: z.int().nullable().meta({ description: 'Cents per charged call (pay-per-use).' }),
    features: z.array(z.string()).readonly(),
    callToAction: z.string(),
    highlighted: z.boolean(),
    sortOrder: z.int(),
  })
  .readonly();
export type PlanView = z.output<typeof PlanView>;

/** Developer API pricing shown beside the plans. */
export const DeveloperApiPricingView = z
  .object({ centsPerMillionTokens: z.int(), bringYourOwnKeys: z.boolean() })
  .readonly();
export type DeveloperApiPricingView = z.output<typeof DeveloperApiPricingView>;

export const ListPlansResponse = z
  .object({ plans: z.array(PlanView).readonly(), developerApi: DeveloperApiPricingView })
  .readonly();
export type ListPlansResponse = z.output<typeof ListPlansResponse>;
