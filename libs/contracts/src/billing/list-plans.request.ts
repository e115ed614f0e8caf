import { IsIn, IsOptional } from 'class-validator';

export const PLAN_KINDS = ['subscription', 'pay-per-use'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** `billing.plans.list.v1`: the public plan catalogue, optionally narrowed to one kind of plan. */
export class ListPlansRequest {
  @IsOptional()
  @IsIn(PLAN_KINDS)
  kind?: PlanKind;
}
