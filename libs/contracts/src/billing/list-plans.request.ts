import { z } from 'zod';
import { oneOf, optional } from '../common/wire-schema.js';
import { PLAN_KINDS } from '../rules/plan.rules.js';

/** `billing.plans.list.v1`: the public plan catalogue, optionally narrowed to one kind of plan. */
export const ListPlansRequest = z.strictObject({ kind: optional(oneOf(PLAN_KINDS)) });
export type ListPlansRequest = z.output<typeof ListPlansRequest>;
