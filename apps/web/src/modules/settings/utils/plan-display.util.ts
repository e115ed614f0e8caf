import { FREE_PLAN_ID, type PlanId } from '@membolt/contracts/rules';

/** A plan as the subscription tab needs it. */
export interface PlanSummary {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly monthlyPriceCents?: number | null;
}

const DEFAULT_PLAN_ID: PlanId = FREE_PLAN_ID;
// docs/requirements/web-app.md, Entities and models: tiers are free, basic, pro; anything else is treated as enterprise.
const FALLBACK_PLAN_ID: PlanId = 'enterprise';

export function currentPlanId(plan: string | null | undefined): string {
  return plan?.trim() || DEFAULT_PLAN_ID;
}

/** The catalogue entry describing the user's tier. */
export function describePlan<T extends PlanSummary>(plans: readonly T[], planId: string): T | undefined {
  return plans.find((plan) => plan.id === planId) ?? plans.find((plan) => plan.id === FALLBACK_PLAN_ID);
}

/** What the button of another plan's card would do; plans come in the catalogue's order (cheapest first). */
export function planChangeLabel(plans: readonly PlanSummary[], targetId: string, currentId: string): string {
  if (targetId === currentId) return 'Current Plan';
  const target = plans.findIndex((plan) => plan.id === targetId);
  const current = plans.findIndex((plan) => plan.id === currentId);
  if (current === -1) return targetId === DEFAULT_PLAN_ID ? 'Downgrade' : 'Upgrade';
  return target > current ? 'Upgrade' : 'Downgrade';
}
