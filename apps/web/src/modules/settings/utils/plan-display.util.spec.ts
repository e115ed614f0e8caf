import { describe, expect, it } from '@jest/globals';
import { currentPlanId, describePlan, planChangeLabel, type PlanSummary } from './plan-display.util';

const plan = (id: string, description = `${id} plan`): PlanSummary => ({ id, name: id, description });
const CATALOGUE = [
  plan('free', 'Free Plan'),
  plan('basic', 'Basic Plan - $20/month'),
  plan('pro'),
  plan('enterprise'),
];

describe('plan display', () => {
  it('defaults the tier to free', () => {
    expect(currentPlanId(null)).toBe('free');
    expect(currentPlanId('basic')).toBe('basic');
  });

  it("describes the user's tier from the catalogue; an unknown tier reads as enterprise", () => {
    expect(describePlan(CATALOGUE, 'basic')?.description).toBe('Basic Plan - $20/month');
    expect(describePlan(CATALOGUE, 'platinum')?.id).toBe('enterprise');
  });

  it('labels the other plans Upgrade or Downgrade by catalogue order', () => {
    expect(planChangeLabel(CATALOGUE, 'free', 'free')).toBe('Current Plan');
    expect(planChangeLabel(CATALOGUE, 'basic', 'free')).toBe('Upgrade');
    expect(planChangeLabel(CATALOGUE, 'free', 'basic')).toBe('Downgrade');
    expect(planChangeLabel(CATALOGUE, 'free', 'pay-per-use')).toBe('Downgrade');
    expect(planChangeLabel(CATALOGUE, 'basic', 'pay-per-use')).toBe('Upgrade');
  });
});
