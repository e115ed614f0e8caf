import type { MemoryScope } from '../domain/memory.js';

export type MemoryChange = 'created' | 'updated' | 'deleted' | 'closed';

/**
 * Tells the rest of the system (graph, webhooks, caches) that memories changed, after the change is
 * committed. A failure to publish never undoes or fails the change: it is logged.
 */
export interface MemoryEvents {
  changed(scope: MemoryScope, change: MemoryChange, memoryIds: readonly string[], at: Date): Promise<void>;
}

export const MEMORY_EVENTS = Symbol('MEMORY_EVENTS');
