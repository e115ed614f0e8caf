import { z } from 'zod';
import { oneOf, optional } from '../common/wire-schema.js';
import { PLAN_KINDS } from '../rules/plan.rules.js';

/** `billing.plans.list.v1`: the public plan catalogue, optionally narrowed to one kind of plan. */
export const ListPlansRequest = z.strictObject({ kind: optional(oneOf(PLAN_KINDS)) });
export type ListPlansRequest = z.output<typeof ListPlansRequest>;

/**
 * `billing.plans.changed.v1`, a broadcast: the plan catalogue billing reads from its store is no longer the one
 * it answered before (an operator's edit, seen when billing reads the store again). Whoever keeps a copy of
 * the catalogue (the BFF) drops it.
 */
export const PlansChangedEvent = z.strictObject({});
export type PlansChangedEvent = z.output<typeof PlansChangedEvent>;
