import { z } from 'zod';
import { boundedString, oneOf } from '../common/wire-schema.js';

const MEMORY_IDS_TEXTS = ['each value in $property must be a string', '$property must be an array'] as const;

/**
 * `memory.created.v1`, `memory.updated.v1`, `memory.deleted.v1`, `memory.closed.v1` (a fact got an end of
 * validity, e.g. "no longer"; it follows the update's event): broadcasts (every subscriber replica gets
 * them) for the graph, webhooks and caches. They carry ids, never the text. A schema refusing with the texts
 * of the class-validator class it replaces (docs/decisions/218-chat-memory-and-ingestion-requests-as-zod-schemas.md).
 */
export const MemoryChangedEvent = z.strictObject({
  userId: boundedString(100, { lengthTextFirst: true }),
  /** Null or absent: the account's own memories. */
  endUserId: z.string({ error: '$property must be a string' }).nullable().optional(),
  // A value that is no list is checked as one item, as class-validator's `each` did.
  memoryIds: z.unknown().check((ctx) => {
    const value = ctx.value;
    const items: readonly unknown[] = Array.isArray(value) ? value : [value];
    const problems = [
      ...(items.every((item) => typeof item === 'string') ? [] : [MEMORY_IDS_TEXTS[0]]),
      ...(Array.isArray(value) ? [] : [MEMORY_IDS_TEXTS[1]]),
    ];
    if (problems.length > 0) ctx.issues.push({ code: 'custom', message: problems.join('; '), input: value });
  }) as unknown as z.ZodType<string[]>,
  change: oneOf(['created', 'updated', 'deleted', 'closed']),
  at: z.string({ error: '$property must be a string' }),
});
export type MemoryChangedEvent = z.output<typeof MemoryChangedEvent>;
