import type { Model } from 'mongoose';
import type { MemoryScope } from '../../domain/memory.js';
import type { MemoryDocument } from './memory.schemas.js';

export interface ScopeConcept {
  readonly id: string;
  readonly name: string;
  /** The kind of its first mention. */
  readonly kind: string;
  memoryCount: number;
  /** Linked memories per category (uncategorised ones not counted). */
  readonly categories: Map<string, number>;
}

export interface ScopeConcepts {
  /** By name. */
  readonly concepts: Map<string, ScopeConcept>;
  /** Co-occurrence weights by `a\u0000b` (names, a < b). */
  readonly relations: Map<string, number>;
}

/**
 * The concept graph of a scope, derived from its live memories' mentions (each memory document holds its
 * own, so the graph can never disagree with the memories: decision 024). `names` restricts the read to the
 * memories mentioning any of them. One pass over the scope's memories that have concepts.
 */
export async function scopeConcepts(
  memories: Model<MemoryDocument>,
  scope: MemoryScope,
  names?: readonly string[],
): Promise<ScopeConcepts> {
  const docs = await memories
    .find(
      {
        userId: scope.userId,
        endUserId: scope.endUserId,
        state: 'live',
        ...(names ? { 'concepts.name': { $in: [...names] } } : { 'concepts.0': { $exists: true } }),
      },
      { concepts: 1, category: 1, createdAt: 1 },
    )
    .sort({ createdAt: 1, _id: 1 })
    .lean<Array<Pick<MemoryDocument, 'concepts' | 'category'>>>()
    .exec();
  const concepts = new Map<string, ScopeConcept>();
  const relations = new Map<string, number>();
  for (const doc of docs) {
    const mentions = doc.concepts ?? [];
    for (const mention of mentions) {
      let concept = concepts.get(mention.name);
      if (!concept) {
        concept = {
          id: mention.id,
          name: mention.name,
          kind: mention.kind,
          memoryCount: 0,
          categories: new Map(),
        };
        concepts.set(mention.name, concept);
      }
      concept.memoryCount += 1;
      if (doc.category) concept.categories.set(doc.category, (concept.categories.get(doc.category) ?? 0) + 1);
    }
    const sorted = mentions.map((m) => m.name).sort();
    for (let i = 0; i < sorted.length; i++) {
      for (let j = i + 1; j < sorted.length; j++) {
        const key = `${sorted[i]}\u0000${sorted[j]}`;
        relations.set(key, (relations.get(key) ?? 0) + 1);
      }
    }
  }
  return { concepts, relations };
}

/** The category most of the concept's memories have (ties: alphabetical), or null. */
export function dominantCategory(concept: ScopeConcept): string | null {
  let best: string | null = null;
  let bestCount = 0;
  for (const [category, count] of [...concept.categories].sort(([a], [b]) => a.localeCompare(b))) {
    if (count > bestCount) {
      best = category;
      bestCount = count;
    }
  }
  return best;
}
