import type { Concept, ConceptGraph, Memory, MemoryScopeFilter } from '../domain/memory.js';

/**
 * The concept graph of a scope: concepts, their memory links and co-occurrence relations. Written by the
 * memory repository's transactions (create, update, delete keep it up to date); read here.
 */
export interface ConceptRepository {
  /** The `maxNodes` concepts linked to most memories, and the relations among them. */
  graph(scope: MemoryScopeFilter, maxNodes: number): Promise<ConceptGraph>;

  /** Memories linked to the concept, newest first; null when the concept is not in the scope. */
  memoriesOf(scope: MemoryScopeFilter, conceptId: string, limit: number): Promise<Memory[] | null>;

  /** The concepts linked to one memory, most remembered first; null when the memory is not in the scope. */
  ofMemory(scope: MemoryScopeFilter, memoryId: string): Promise<Concept[] | null>;
}
