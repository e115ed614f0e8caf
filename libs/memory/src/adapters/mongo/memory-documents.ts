import { createHash } from 'node:crypto';
import type {
  MemoryCategory,
  MemoryFilterCondition,
  MemoryFilterNode,
  MemoryFilterScalar,
  MemorySource,
  SensitiveKind,
} from '@membolt/contracts';
import type { QueryFilter } from 'mongoose';
import type {
  ConceptMention,
  Memory,
  MemoryFilter,
  MemoryScope,
  MemoryScopeFilter,
  MemoryVersion,
  NewMemoryRecord,
} from '../../domain/memory.js';
import type { ConceptMentionDocument, MemoryDocument, MemoryVersionDocument } from './memory.schemas.js';
import type { MemoryPointSource } from './memory-vectors.qdrant.js';

/** `{userId, endUserId}` (+ agent, run): the first conditions of every memory query. Live memories only. */
export function scopeQuery(scope: MemoryScopeFilter): QueryFilter<MemoryDocument> {
  const query: QueryFilter<MemoryDocument> = {
    userId: scope.userId,
    endUserId: scope.endUserId,
    state: 'live',
  };
  if (scope.agentId !== undefined) query.agentId = scope.agentId;
  if (scope.runId !== undefined) query.runId = scope.runId;
  // Not expired by then: null, absent, or later ($not matches documents without the field too).
  if (scope.visibleAt !== undefined) query.expiresAt = { $not: { $lte: scope.visibleAt } };
  return query;
}

/** The filter's conditions, the same meaning as the embedded store's SQL (and qdrant-filter.ts). */
export function filterQuery(filter: MemoryFilter): QueryFilter<MemoryDocument> {
  const and: Array<QueryFilter<MemoryDocument>> = [];
  if (filter.category !== undefined) and.push({ category: filter.category });
  if (filter.source !== undefined) and.push({ source: filter.source });
  if (filter.createdAfter || filter.createdBefore) {
    and.push({
      createdAt: {
        ...(filter.createdAfter ? { $gte: filter.createdAfter } : {}),
        ...(filter.createdBefore ? { $lte: filter.createdBefore } : {}),
      },
    });
  }
  if (filter.conversationId !== undefined) and.push({ conversationId: filter.conversationId });
  for (const [name, value] of Object.entries(filter.metadata ?? {})) {
    // $getField with a literal name: any key is one member, never a path or an operator.
    and.push({ $expr: { $eq: [{ $getField: { field: { $literal: name }, input: '$metadata' } }, value] } });
  }
  if (filter.expression) and.push({ $expr: expressionExpr(filter.expression) });
  switch (filter.validity.kind) {
    case 'open':
      and.push({ $or: [{ validTo: null }, { validTo: { $gt: filter.validity.now } }] });
      break;
    case 'asOf':
      and.push({ validFrom: { $lte: filter.validity.at } });
      and.push({ $or: [{ validTo: null }, { validTo: { $gt: filter.validity.at } }] });
      break;
    case 'all':
      break;
  }
  return and.length > 0 ? { $and: and } : {};
}

const EXPRESSION_FIELDS = {
  created_at: '$createdAt',
  updated_at: '$updatedAt',
  valid_from: '$validFrom',
  valid_to: '$validTo',
  expiration_date: '$expiresAt',
  category: '$category',
  id: '$_id',
  agent_id: '$agentId',
  run_id: '$runId',
  end_user_id: '$endUserId',
} as const;

/** Escapes a text for a regular expression that must match it literally. */
const literalRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A filter tree (parseMemoryFilter) as an aggregation expression for `$expr`, the same meaning as
 * matchesMemoryFilter and the embedded store's SQL: `$eq` and `$gt` of aggregation compare values without
 * walking into arrays, and every comparison first checks the value's type class ($isNumber for numbers,
 * $type otherwise), so a number never equals a string and an absent field fails all but ne/nin/absence.
 * MongoDB's `$toLower` folds ASCII letters only, as SQLite's lower().
 */
export function expressionExpr(node: MemoryFilterNode): unknown {
  switch (node.kind) {
    case 'and':
      return node.items.length === 0 ? true : { $and: node.items.map(expressionExpr) };
    case 'or':
      return node.items.length === 0 ? false : { $or: node.items.map(expressionExpr) };
    case 'not':
      return { $not: [expressionExpr(node.item)] };
    case 'time':
    case 'text':
    case 'metadata':
      return conditionExpr(node);
  }
}

function conditionExpr(condition: MemoryFilterCondition): unknown {
  const field: unknown =
    condition.kind === 'metadata'
      ? { $getField: { field: { $literal: condition.key }, input: '$metadata' } }
      : condition.kind === 'text' && condition.field === 'end_user_id'
        ? { $cond: [{ $eq: ['$endUserId', ''] }, null, '$endUserId'] }
        : EXPRESSION_FIELDS[condition.field];
  // Stored times are Dates; the tree holds epoch milliseconds.
  const operand = (value: MemoryFilterScalar): unknown =>
    condition.kind === 'time' ? new Date(value as number) : { $literal: value };
  const sameClass = (value: MemoryFilterScalar): unknown =>
    condition.kind === 'time'
      ? { $eq: [{ $type: field }, 'date'] }
      : typeof value === 'number'
        ? { $isNumber: field }
        : { $eq: [{ $type: field }, typeof value === 'string' ? 'string' : 'bool'] };
  const equal = (value: MemoryFilterScalar): unknown => ({
    $and: [sameClass(value), { $eq: [field, operand(value)] }],
  });
  const compared = (op: '$gt' | '$gte' | '$lt' | '$lte', value: MemoryFilterScalar): unknown => ({
    $and: [sameClass(value), { [op]: [field, operand(value)] }],
  });
  const present = { $not: [{ $in: [{ $type: field }, ['missing', 'null']] }] };
  switch (condition.op) {
    case 'exists':
      return condition.value ? present : { $not: [present] };
    case 'eq':
      return equal(condition.value);
    case 'ne':
      return { $not: [equal(condition.value)] };
    case 'in':
      return { $or: condition.value.map(equal) };
    case 'nin':
      return { $not: [{ $or: condition.value.map(equal) }] };
    case 'gt':
      return compared('$gt', condition.value);
    case 'gte':
      return compared('$gte', condition.value);
    case 'lt':
      return compared('$lt', condition.value);
    case 'lte':
      return compared('$lte', condition.value);
    case 'contains': {
      const value = condition.value;
      return {
        $switch: {
          branches: [
            {
              case: { $eq: [{ $type: field }, 'string'] },
              then:
                typeof value === 'string'
                  ? { $regexMatch: { input: field, regex: literalRegex(value) } }
                  : false,
            },
            {
              case: { $isArray: field },
              then: {
                $anyElementTrue: [
                  {
                    $map: {
                      input: field,
                      as: 'element',
                      in: {
                        $and: [
                          typeof value === 'number'
                            ? { $isNumber: '$$element' }
                            : {
                                $eq: [{ $type: '$$element' }, typeof value === 'string' ? 'string' : 'bool'],
                              },
                          { $eq: ['$$element', { $literal: value }] },
                        ],
                      },
                    },
                  },
                ],
              },
            },
          ],
          default: false,
        },
      };
    }
    case 'icontains': {
      const wanted = String(condition.value).toLowerCase();
      return {
        $switch: {
          branches: [
            {
              case: { $eq: [{ $type: field }, 'string'] },
              then: { $gte: [{ $indexOfCP: [{ $toLower: field }, { $literal: wanted }] }, 0] },
            },
            {
              case: { $isArray: field },
              then: {
                $anyElementTrue: [
                  {
                    $map: {
                      input: field,
                      as: 'element',
                      in: {
                        $and: [
                          { $eq: [{ $type: '$$element' }, 'string'] },
                          { $eq: [{ $toLower: '$$element' }, { $literal: wanted }] },
                        ],
                      },
                    },
                  },
                ],
              },
            },
          ],
          default: false,
        },
      };
    }
  }
}

/** A concept's id: stable for its name within one scope, unrelated across scopes. */
export function conceptId(scope: MemoryScope, name: string): string {
  return createHash('sha256')
    .update(`${scope.userId}\u0000${scope.endUserId}\u0000${name}`)
    .digest('hex')
    .slice(0, 32);
}

/** Distinct normalised mentions (first kind wins), each with its scope-stable id. */
export function conceptMentions(
  scope: MemoryScope,
  mentions: readonly ConceptMention[],
): ConceptMentionDocument[] {
  const seen = new Map<string, ConceptMentionDocument>();
  for (const mention of mentions) {
    const name = mention.name.trim().toLowerCase();
    if (!name || seen.has(name)) continue;
    seen.set(name, { id: conceptId(scope, name), name, kind: mention.kind });
  }
  return [...seen.values()];
}

export function toBytes(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** A stored embedding back to floats (lean reads give a Buffer or a BSON Binary). */
export function fromBytes(stored: unknown): Float32Array {
  let bytes: Uint8Array;
  if (stored instanceof Uint8Array) bytes = stored;
  else {
    // A BSON Binary: its buffer may be larger than its content, which ends at `position`.
    const binary = stored as { buffer?: Uint8Array; position?: number } | null;
    const buffer = binary?.buffer ?? new Uint8Array(0);
    bytes = typeof binary?.position === 'number' ? buffer.subarray(0, binary.position) : buffer;
  }
  // Copy: the bytes may not be 4-byte aligned inside their buffer.
  const copy = new Uint8Array(bytes.byteLength - (bytes.byteLength % 4));
  copy.set(bytes.subarray(0, copy.byteLength));
  return new Float32Array(copy.buffer);
}

export function toMemory(doc: MemoryDocument, withEmbedding = false): Memory {
  return {
    id: doc._id,
    userId: doc.userId,
    endUserId: doc.endUserId === '' ? null : doc.endUserId,
    agentId: doc.agentId ?? null,
    runId: doc.runId ?? null,
    text: doc.text,
    metadata: doc.metadata ?? {},
    importance: doc.importance,
    category: (doc.category ?? null) as MemoryCategory | null,
    source: doc.source as MemorySource,
    conversationId: doc.conversationId ?? null,
    conversationTitle: doc.conversationTitle ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    validFrom: doc.validFrom,
    validTo: doc.validTo ?? null,
    expiresAt: doc.expiresAt ?? null,
    version: doc.version,
    embeddingModel: doc.embeddingModel,
    redactions: (doc.redactions ?? []) as SensitiveKind[],
    ...(withEmbedding ? { embedding: fromBytes(doc.embedding) } : {}),
  };
}

/** How a state came about: the first version was created; later ones updated it or closed the fact. */
const eventOf = (version: number, validTo: Date | null): MemoryVersion['event'] =>
  version === 1 ? 'created' : validTo !== null ? 'closed' : 'updated';

export function toVersion(doc: MemoryVersionDocument): MemoryVersion {
  return {
    version: doc.version,
    text: doc.text,
    metadata: doc.metadata ?? {},
    importance: doc.importance,
    category: (doc.category ?? null) as MemoryCategory | null,
    validFrom: doc.validFrom,
    validTo: doc.validTo ?? null,
    recordedAt: doc.recordedAt,
    event: eventOf(doc.version, doc.validTo ?? null),
  };
}

/** The memory's current state as the last entry of its history. */
export function currentVersion(doc: MemoryDocument): MemoryVersion {
  return toVersion({ ...doc, recordedAt: doc.updatedAt });
}

let lastInsertSeq = 0;
/** Microseconds since the epoch, strictly increasing within this process. */
function nextInsertSeq(): number {
  lastInsertSeq = Math.max(Date.now() * 1000, lastInsertSeq + 1);
  return lastInsertSeq;
}

/** The document of a new memory, not yet acknowledged (`pending`) and not yet in Qdrant. */
export function newDocument(
  scope: MemoryScope,
  record: NewMemoryRecord,
  opId: string,
  at: Date,
): MemoryDocument {
  const m = record.memory;
  return {
    _id: m.id,
    userId: scope.userId,
    endUserId: scope.endUserId,
    agentId: m.agentId,
    runId: m.runId,
    text: m.text,
    metadata: { ...m.metadata },
    importance: m.importance,
    category: m.category,
    source: m.source,
    conversationId: m.conversationId,
    conversationTitle: m.conversationTitle,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    validFrom: m.validFrom,
    validTo: m.validTo,
    expiresAt: m.expiresAt ?? null,
    version: m.version,
    embeddingModel: m.embeddingModel,
    ...(m.redactions && m.redactions.length > 0 ? { redactions: [...m.redactions] } : {}),
    embedding: toBytes(record.embedding),
    concepts: conceptMentions(scope, record.concepts ?? []),
    conceptsPending: record.concepts === undefined,
    insertSeq: nextInsertSeq(),
    history: [],
    ...(record.originId !== undefined ? { originId: record.originId } : {}),
    state: 'pending',
    touchedAt: at,
    opId,
    syncRev: 1,
    syncedRev: 0,
    dirty: true,
  };
}

/** The point a document's current state makes. */
export function pointSource(doc: MemoryDocument): MemoryPointSource {
  return {
    id: doc._id,
    userId: doc.userId,
    endUserId: doc.endUserId,
    agentId: doc.agentId ?? null,
    runId: doc.runId ?? null,
    text: doc.text,
    metadata: doc.metadata ?? {},
    category: doc.category ?? null,
    source: doc.source,
    conversationId: doc.conversationId ?? null,
    createdAt: doc.createdAt,
    validFrom: doc.validFrom,
    validTo: doc.validTo ?? null,
    embedding: fromBytes(doc.embedding),
    syncRev: doc.syncRev,
  };
}
