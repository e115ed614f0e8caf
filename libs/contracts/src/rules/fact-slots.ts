/**
 * The kind of personal fact a memory states, stored in its metadata `slot`: the chat's learner writes it,
 * the memory service's search maps a question to the slots it asks about (both sides read this one list).
 */
export const FACT_SLOTS = [
  'name',
  'occupation',
  'residence',
  'origin',
  'diet',
  'allergy',
  'pet',
  'family',
  'vehicle',
  'hobby',
  'education',
  'health',
  'preference',
  'contact',
  'life-event',
  'plan',
  'other',
] as const;
export type FactSlot = (typeof FACT_SLOTS)[number];
