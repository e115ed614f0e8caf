import type { ConceptKind, MemoryCategory } from '@membolt/contracts';
import type { EmbeddedDatabase } from '@membolt/embedded-store';
import type { Concept, ConceptGraph, Memory, MemoryScopeFilter } from '../../domain/memory.js';
import type { ConceptRepository } from '../../ports/concept.repository.js';
import { type MemoryRow, scopeSql, toMemory } from './memory-rows.js';

/** The most frequent category of the memories linked to concept `c`, for colouring. */
const CONCEPT_CATEGORY_SQL = `(SELECT m.category FROM memory_concepts mc JOIN memories m ON m.seq = mc.memory_seq
             WHERE mc.concept_id = c.id AND m.category IS NOT NULL
             GROUP BY m.category ORDER BY count(*) DESC, m.category LIMIT 1) AS category`;

interface ConceptRow {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  readonly memory_count: number;
  readonly category: string | null;
}

const toConcept = (row: ConceptRow): Concept => ({
  id: row.id,
  name: row.name,
  kind: row.kind as ConceptKind,
  category: row.category as MemoryCategory | null,
  memoryCount: row.memory_count,
});

/** Concepts are kept per (account, end user); agent and run narrow the memories listed, not the graph. */
export class ConceptEmbeddedRepository implements ConceptRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async graph(scope: MemoryScopeFilter, maxNodes: number): Promise<ConceptGraph> {
    const total = this.db
      .prepare('SELECT count(*) FROM concepts WHERE user_id = ? AND end_user_id = ?')
      .pluck()
      .get(scope.userId, scope.endUserId) as number;
    const rows = this.db
      .prepare(
        `SELECT c.id, c.name, c.kind, c.memory_count,
           ${CONCEPT_CATEGORY_SQL}
         FROM concepts c WHERE c.user_id = ? AND c.end_user_id = ?
         ORDER BY c.memory_count DESC, c.name LIMIT ?`,
      )
      .all(scope.userId, scope.endUserId, maxNodes) as Array<{
      id: string;
      name: string;
      kind: string;
      memory_count: number;
      category: string | null;
    }>;
    const ids = rows.map((r) => r.id);
    const relations = this.db
      .prepare(
        `SELECT source_id, target_id, weight FROM concept_relations
         WHERE +user_id = ? AND +end_user_id = ?
           AND source_id IN (SELECT value FROM json_each(?)) AND target_id IN (SELECT value FROM json_each(?))
         ORDER BY weight DESC, source_id, target_id`,
      )
      .all(scope.userId, scope.endUserId, JSON.stringify(ids), JSON.stringify(ids)) as Array<{
      source_id: string;
      target_id: string;
      weight: number;
    }>;
    return {
      concepts: rows.map((r) => ({
        id: r.id,
        name: r.name,
        kind: r.kind as ConceptKind,
        category: r.category as MemoryCategory | null,
        memoryCount: r.memory_count,
      })),
      relations: relations.map((r) => ({
        source: r.source_id,
        target: r.target_id,
        weight: r.weight,
        kind: 'co-occurrence' as const,
      })),
      truncated: total > rows.length,
    };
  }

  async memoriesOf(scope: MemoryScopeFilter, conceptId: string, limit: number): Promise<Memory[] | null> {
    const concept = this.db
      .prepare('SELECT id FROM concepts WHERE id = ? AND user_id = ? AND end_user_id = ?')
      .get(conceptId, scope.userId, scope.endUserId);
    if (!concept) return null;
    const where = scopeSql(scope);
    const rows = this.db
      .prepare(
        `SELECT m.* FROM memory_concepts mc JOIN memories m ON m.seq = mc.memory_seq
         WHERE mc.concept_id = ? AND ${where.sql} ORDER BY m.created_at DESC, m.seq DESC LIMIT ?`,
      )
      .all(conceptId, ...where.params, limit) as MemoryRow[];
    return rows.map((row) => toMemory(row));
  }

  async ofMemory(scope: MemoryScopeFilter, memoryId: string): Promise<Concept[] | null> {
    const where = scopeSql(scope);
    const memory = this.db
      .prepare(`SELECT m.seq FROM memories m WHERE m.id = ? AND ${where.sql}`)
      .get(memoryId, ...where.params) as { seq: number | bigint } | undefined;
    if (!memory) return null;
    const rows = this.db
      .prepare(
        `SELECT c.id, c.name, c.kind, c.memory_count, ${CONCEPT_CATEGORY_SQL}
         FROM memory_concepts link JOIN concepts c ON c.id = link.concept_id
         WHERE link.memory_seq = ? ORDER BY c.memory_count DESC, c.name`,
      )
      .all(memory.seq) as ConceptRow[];
    return rows.map(toConcept);
  }
}
