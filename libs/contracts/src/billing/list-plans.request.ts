import { IsIn, IsOptional } from 'class-validator';
import { PLAN_KINDS, type PlanKind } from '../rules/plan.rules.js';

/** `billing.plans.list.v1`: the public plan catalogue, optionally narrowed to one kind of plan. */
export class ListPlansRequest {
  @IsOptional()
  @IsIn(PLAN_KINDS)
  kind?: PlanKind;
}
