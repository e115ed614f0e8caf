import { randomUUID } from 'node:crypto';
import type { EmbeddedDatabase } from '@membolt/embedded-store';
import type { ConceptMention, MemoryScope } from '../../domain/memory.js';

export interface UnlinkCounts {
  conceptLinks: number;
  concepts: number;
  relations: number;
}

/** How many times this process changed each database's concept links (`conceptLinkWrites`). */
const linkWrites = new WeakMap<EmbeddedDatabase, number>();

/**
 * A count that moves whenever this process links or unlinks a memory's concepts in `db` (any scope): what is
 * kept from a read of the links is read again once it has moved. Another connection's writes are not
 * counted here (SQLite's data_version shows those).
 */
export function conceptLinkWrites(db: EmbeddedDatabase): number {
  return linkWrites.get(db) ?? 0;
}

/**
 * Keeps concepts, memory links and co-occurrence relations in step with the memories, inside the caller's
 * transaction: a link adds 1 to the concept's memory count and 1 to the weight of every pair of concepts
 * of the same memory; an unlink takes them away and drops concepts and relations that reach 0.
 */
export class ConceptLinks {
  private readonly findConcept;
  private readonly insertConcept;
  private readonly bumpConcept;
  private readonly insertLink;
  private readonly linksOf;
  private readonly deleteLinks;
  private readonly upsertRelation;
  private readonly lowerRelation;
  private readonly dropDeadRelations;
  private readonly lowerConcept;
  private readonly dropConcept;
  private readonly dropRelationsOf;

  constructor(private readonly db: EmbeddedDatabase) {
    this.findConcept = db.prepare<[string, string, string], { id: string }>(
      'SELECT id FROM concepts WHERE user_id = ? AND end_user_id = ? AND name = ?',
    );
    this.insertConcept = db.prepare(
      'INSERT INTO concepts (id, user_id, end_user_id, name, kind, memory_count) VALUES (?, ?, ?, ?, ?, 1)',
    );
    this.bumpConcept = db.prepare('UPDATE concepts SET memory_count = memory_count + 1 WHERE id = ?');
    this.insertLink = db.prepare(
      'INSERT OR IGNORE INTO memory_concepts (memory_seq, concept_id) VALUES (?, ?)',
    );
    this.linksOf = db.prepare<[number], { concept_id: string }>(
      'SELECT concept_id FROM memory_concepts WHERE memory_seq = ? ORDER BY concept_id',
    );
    this.deleteLinks = db.prepare('DELETE FROM memory_concepts WHERE memory_seq = ?');
    this.upsertRelation = db.prepare(
      `INSERT INTO concept_relations (source_id, target_id, user_id, end_user_id, weight) VALUES (?, ?, ?, ?, 1)
       ON CONFLICT (source_id, target_id) DO UPDATE SET weight = weight + 1`,
    );
    this.lowerRelation = db.prepare(
      'UPDATE concept_relations SET weight = weight - 1 WHERE source_id = ? AND target_id = ?',
    );
    this.dropDeadRelations = db.prepare(
      'DELETE FROM concept_relations WHERE source_id = ? AND target_id = ? AND weight <= 0',
    );
    this.lowerConcept = db.prepare('UPDATE concepts SET memory_count = memory_count - 1 WHERE id = ?');
    this.dropConcept = db.prepare('DELETE FROM concepts WHERE id = ? AND memory_count <= 0');
    this.dropRelationsOf = db.prepare('DELETE FROM concept_relations WHERE source_id = ? OR target_id = ?');
  }

  link(scope: MemoryScope, memorySeq: number, mentions: readonly ConceptMention[]): void {
    this.counted();
    const ids = new Set<string>();
    const seen = new Set<string>();
    for (const mention of mentions) {
      const name = mention.name.trim().toLowerCase();
      if (!name || seen.has(name)) continue;
      seen.add(name);
      const found = this.findConcept.get(scope.userId, scope.endUserId, name);
      let id: string;
      if (found) {
        id = found.id;
        this.bumpConcept.run(id);
      } else {
        id = randomUUID();
        this.insertConcept.run(id, scope.userId, scope.endUserId, name, mention.kind);
      }
      this.insertLink.run(memorySeq, id);
      ids.add(id);
    }
    const sorted = [...ids].sort();
    for (let i = 0; i < sorted.length; i++) {
      for (let j = i + 1; j < sorted.length; j++) {
        this.upsertRelation.run(sorted[i], sorted[j], scope.userId, scope.endUserId);
      }
    }
  }

  unlink(memorySeq: number): UnlinkCounts {
    const ids = this.linksOf.all(memorySeq).map((r) => r.concept_id);
    const counts: UnlinkCounts = { conceptLinks: 0, concepts: 0, relations: 0 };
    if (ids.length === 0) return counts;
    this.counted();
    counts.conceptLinks = this.deleteLinks.run(memorySeq).changes;
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        this.lowerRelation.run(ids[i], ids[j]);
        counts.relations += this.dropDeadRelations.run(ids[i], ids[j]).changes;
      }
    }
    for (const id of ids) {
      this.lowerConcept.run(id);
      if (this.dropConcept.run(id).changes > 0) {
        counts.concepts += 1;
        counts.relations += this.dropRelationsOf.run(id, id).changes;
      }
    }
    return counts;
  }

  /** Counted before the statements: a transaction rolled back only makes a reader read again. */
  private counted(): void {
    linkWrites.set(this.db, conceptLinkWrites(this.db) + 1);
  }
}
