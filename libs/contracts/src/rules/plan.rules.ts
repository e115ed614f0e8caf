export const PLAN_KINDS = ['subscription', 'pay-per-use'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

export const PLAN_IDS = ['free', 'basic', 'pro', 'enterprise', 'pay-per-use'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
/** The plan every new account starts on, and the tier shown while billing has not answered. */
export const FREE_PLAN_ID: PlanId = 'free';
