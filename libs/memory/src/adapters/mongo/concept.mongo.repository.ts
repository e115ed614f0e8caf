import type { ConceptKind, MemoryCategory } from '@membolt/contracts';
import type { Model } from 'mongoose';
import type {
  Concept,
  ConceptGraph,
  ConceptRelation,
  Memory,
  MemoryScopeFilter,
} from '../../domain/memory.js';
import type { ConceptRepository } from '../../ports/concept.repository.js';
import { dominantCategory, type ScopeConcept, scopeConcepts } from './concept-graph.mongo.js';
import { scopeQuery, toMemory } from './memory-documents.js';
import type { MemoryDocument } from './memory.schemas.js';

/** Concepts are kept per (account, end user); agent and run narrow the memories listed, not the graph. */
export class ConceptMongoRepository implements ConceptRepository {
  constructor(private readonly memories: Model<MemoryDocument>) {}

  async graph(scope: MemoryScopeFilter, maxNodes: number): Promise<ConceptGraph> {
    const { concepts, relations } = await scopeConcepts(this.memories, scope);
    const top = [...concepts.values()]
      .sort((a, b) => b.memoryCount - a.memoryCount || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .slice(0, Math.max(0, maxNodes));
    const byName = new Map(top.map((c) => [c.name, c]));
    const edges: ConceptRelation[] = [];
    for (const [key, weight] of relations) {
      const [a, b] = key.split('\u0000') as [string, string];
      const source = byName.get(a);
      const target = byName.get(b);
      if (!source || !target) continue;
      const [s, t] = [source.id, target.id].sort() as [string, string];
      edges.push({ source: s, target: t, weight, kind: 'co-occurrence' });
    }
    edges.sort(
      (x, y) => y.weight - x.weight || x.source.localeCompare(y.source) || x.target.localeCompare(y.target),
    );
    return {
      concepts: top.map(toConcept),
      relations: edges,
      truncated: concepts.size > top.length,
    };
  }

  async ofMemory(scope: MemoryScopeFilter, memoryId: string): Promise<Concept[] | null> {
    const memory = await this.memories
      .findOne({ ...scopeQuery(scope), _id: memoryId }, { concepts: 1 })
      .lean<Pick<MemoryDocument, 'concepts'>>()
      .exec();
    if (!memory) return null;
    const names = (memory.concepts ?? []).map((c) => c.name);
    if (names.length === 0) return [];
    // Counts over the whole scope (account + end user), as in the graph.
    const { concepts } = await scopeConcepts(this.memories, scope, names);
    return names
      .flatMap((name) => {
        const c = concepts.get(name);
        return c ? [toConcept(c)] : [];
      })
      .sort((a, b) => b.memoryCount - a.memoryCount || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async memoriesOf(scope: MemoryScopeFilter, conceptId: string, limit: number): Promise<Memory[] | null> {
    const docs = await this.memories
      .find({ ...scopeQuery(scope), 'concepts.id': conceptId }, { embedding: 0, history: 0 })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .lean<MemoryDocument[]>()
      .exec();
    if (docs.length > 0) return docs.map((doc) => toMemory(doc));
    // A concept exists while a memory of the scope mentions it, whichever agent or run that memory has.
    const exists = await this.memories
      .exists({ userId: scope.userId, endUserId: scope.endUserId, state: 'live', 'concepts.id': conceptId })
      .exec();
    return exists ? [] : null;
  }
}

function toConcept(c: ScopeConcept): Concept {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind as ConceptKind,
    category: dominantCategory(c) as MemoryCategory | null,
    memoryCount: c.memoryCount,
  };
}
