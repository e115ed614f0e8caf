import { createHash } from 'node:crypto';
import { type EmbeddedDatabase, preparedOnce } from '@membolt/embedded-store';
import type {
  MemoryCategory,
  MemoryFilterCondition,
  MemoryFilterNode,
  MemoryFilterScalar,
  MemorySource,
  SensitiveKind,
} from '@membolt/contracts';
import { duplicateFingerprint } from '../../domain/duplicate-text.js';
import type {
  Memory,
  MemoryFilter,
  MemoryScope,
  MemoryScopeFilter,
  MemoryVersion,
  NewMemoryRecord,
  RankableWithId,
} from '../../domain/memory.js';

export interface MemoryRow {
  seq: number;
  id: string;
  user_id: string;
  end_user_id: string;
  agent_id: string | null;
  run_id: string | null;
  scope_tok: string;
  text: string;
  metadata: string;
  importance: number;
  category: string | null;
  source: string;
  conversation_id: string | null;
  conversation_title: string | null;
  created_at: number;
  updated_at: number;
  valid_from: number;
  valid_to: number | null;
  expires_at: number | null;
  version: number;
  embedding_model: string;
  origin_id: string | null;
  concepts_pending: number;
  /** JSON array of the sensitive kinds redacted from the text; NULL: none. */
  redactions: string | null;
}

export interface VersionRow {
  version: number;
  text: string;
  metadata: string;
  importance: number;
  category: string | null;
  valid_from: number;
  valid_to: number | null;
  recorded_at: number;
  event: string;
}

/**
 * The FTS token of a scope: a bare alphanumeric word (the unicode61 tokenizer keeps it whole), so a keyword
 * query is `scope_tok:<tok> AND (...)` and the index itself narrows to the scope.
 */
export function scopeToken(scope: MemoryScope): string {
  const key = `${scope.userId}\u0000${scope.endUserId}`;
  let token = scopeTokens.get(key);
  if (token === undefined) {
    token = 's' + createHash('sha256').update(key).digest('hex').slice(0, 30);
    // A search asks for its scope's token several times (each channel, each cache): hashed once.
    if (scopeTokens.size >= SCOPE_TOKENS_KEPT) scopeTokens.clear();
    scopeTokens.set(key, token);
  }
  return token;
}
const SCOPE_TOKENS_KEPT = 10_000;
const scopeTokens = new Map<string, string>();

export const toBlob = (vector: Float32Array): Buffer =>
  Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);

/**
 * The first four bytes of a sparse vector blob: a NaN whose payload no arithmetic produces (JavaScript's NaN
 * is 0x7fc00000). A dense blob starts with its first component, a finite number, so the two never meet.
 */
const SPARSE_MARKER = 0x7fc05356;
/** Marker and dimension, then the non-zero values (float32), then their positions (uint16). */
export const SPARSE_BLOB_HEADER = 8;
const SPARSE_ENTRY_BYTES = 6;
/** Positions are uint16: a larger dimension is always stored dense. */
const SPARSE_MAX_DIMENSION = 65_536;

/** Positions of a vector's non-zero components while its blob is written (grown to the largest dimension). */
let scratchPositions = new Uint16Array(0);

/**
 * A memory's vector as its `memory_vectors` blob: its non-zero components with their positions when they
 * are at most a quarter of the vector (the offline embedder sets ~100-200 of 1,536: ~1 KB instead of 6 KB,
 * which fits the table's page instead of two overflow pages), else the float32 array as it is. Lossless:
 * `fromBlob` gives back the same floats bit for bit (a -0 component is kept as a value). Little-endian.
 */
export function vectorBlob(vector: Float32Array): Buffer {
  const dim = vector.length;
  if (dim > SPARSE_MAX_DIMENSION) return toBlob(vector);
  if (scratchPositions.length < dim) scratchPositions = new Uint16Array(dim);
  const positions = scratchPositions;
  // The components as bits: +0 is the only float whose bits are all zero, so a -0 (or a NaN) is kept and
  // the vector read back is the same bit for bit; one integer test a component, no float compare or division.
  const bits = new Uint32Array(vector.buffer, vector.byteOffset, dim);
  const most = dim >>> 2;
  let count = 0;
  for (let d = 0; d < dim; d++) {
    if (bits[d] !== 0) {
      if (count === most) return toBlob(vector);
      positions[count++] = d;
    }
  }
  // Written through typed arrays in the host's order, as `toBlob` writes a dense vector: the store's blobs
  // are little-endian because its hosts are (x64, arm64); a DataView call a value cost ~10x as much.
  const bytes = new ArrayBuffer(SPARSE_BLOB_HEADER + count * SPARSE_ENTRY_BYTES);
  const header = new Uint32Array(bytes, 0, 2);
  header[0] = SPARSE_MARKER;
  header[1] = dim;
  const values = new Uint32Array(bytes, SPARSE_BLOB_HEADER, count);
  const at = new Uint16Array(bytes, SPARSE_BLOB_HEADER + count * 4, count);
  for (let i = 0; i < count; i++) {
    const d = positions[i]!;
    values[i] = bits[d]!;
    at[i] = d;
  }
  return Buffer.from(bytes);
}

/** The vector of a blob written by `vectorBlob` (either form) or `toBlob`, in a new array. */
export const fromBlob = (blob: Buffer): Float32Array => {
  if (isSparseBlob(blob)) {
    const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
    const count = sparseBlobCount(blob);
    const vector = new Float32Array(view.getUint32(4, true));
    const positionsAt = SPARSE_BLOB_HEADER + count * 4;
    for (let i = 0; i < count; i++)
      vector[view.getUint16(positionsAt + i * 2, true)] = view.getFloat32(SPARSE_BLOB_HEADER + i * 4, true);
    return vector;
  }
  // Copy: the Buffer may be a view into a pooled allocation with any alignment.
  const copy = new Float32Array(blob.byteLength / 4);
  new Uint8Array(copy.buffer).set(blob);
  return copy;
};

/** How many components a sparse blob stores. */
export const sparseBlobCount = (blob: Buffer): number =>
  (blob.byteLength - SPARSE_BLOB_HEADER) / SPARSE_ENTRY_BYTES;

/** Whether the blob is `vectorBlob`'s sparse form (its floats are not laid out as the vector). */
export const isSparseBlob = (blob: Buffer): boolean =>
  blob.byteLength >= SPARSE_BLOB_HEADER && blob.readUInt32LE(0) === SPARSE_MARKER;

/** The `redactions` column: NULL when nothing was redacted (most memories), else the kinds as JSON. */
export const redactionsColumn = (kinds: readonly SensitiveKind[]): string | null =>
  kinds.length === 0 ? null : JSON.stringify(kinds);

export function toMemory(
  row: Omit<MemoryRow, 'scope_tok' | 'origin_id' | 'concepts_pending'>,
  embedding?: Float32Array,
): Memory {
  return {
    id: row.id,
    userId: row.user_id,
    endUserId: row.end_user_id === '' ? null : row.end_user_id,
    agentId: row.agent_id,
    runId: row.run_id,
    text: row.text,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
    importance: row.importance,
    category: row.category as MemoryCategory | null,
    source: row.source as MemorySource,
    conversationId: row.conversation_id,
    conversationTitle: row.conversation_title,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    validFrom: new Date(row.valid_from),
    validTo: row.valid_to === null ? null : new Date(row.valid_to),
    version: row.version,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    embeddingModel: row.embedding_model,
    redactions: row.redactions === null ? [] : (JSON.parse(row.redactions) as SensitiveKind[]),
    ...(embedding ? { embedding } : {}),
  };
}

/**
 * The row a new memory is inserted as: the columns `toMemory` reads back, its duplicate fingerprint, and the
 * keyword context the repository writes to its FTS row (the text before it in its conversation).
 */
export type NewMemoryRow = Omit<MemoryRow, 'seq'> & { dup_fp: string; keyword_context: string | null };

/** A new memory's row, written next to `toMemory` so a column is mapped both ways in one place. */
export function newMemoryRow(
  scope: MemoryScope,
  record: NewMemoryRecord,
  scopeTok: string,
  keywordContext: string | null,
): NewMemoryRow {
  const m = record.memory;
  return {
    id: m.id,
    user_id: scope.userId,
    end_user_id: scope.endUserId,
    agent_id: m.agentId,
    run_id: m.runId,
    scope_tok: scopeTok,
    text: m.text,
    metadata: JSON.stringify(m.metadata),
    importance: m.importance,
    category: m.category,
    source: m.source,
    conversation_id: m.conversationId,
    conversation_title: m.conversationTitle,
    created_at: m.createdAt.getTime(),
    updated_at: m.updatedAt.getTime(),
    valid_from: m.validFrom.getTime(),
    valid_to: m.validTo?.getTime() ?? null,
    version: m.version,
    embedding_model: m.embeddingModel,
    origin_id: record.originId ?? null,
    concepts_pending: record.concepts ? 0 : 1,
    expires_at: m.expiresAt?.getTime() ?? null,
    redactions: redactionsColumn(m.redactions ?? []),
    dup_fp: record.duplicateFingerprint ?? duplicateFingerprint(m.text),
    keyword_context: keywordContext,
  };
}

const NEW_MEMORY_COLUMNS = [
  'id',
  'user_id',
  'end_user_id',
  'agent_id',
  'run_id',
  'scope_tok',
  'text',
  'metadata',
  'importance',
  'category',
  'source',
  'conversation_id',
  'conversation_title',
  'created_at',
  'updated_at',
  'valid_from',
  'valid_to',
  'version',
  'embedding_model',
  'origin_id',
  'concepts_pending',
  'expires_at',
  'redactions',
  'dup_fp',
  'keyword_context',
] as const satisfies ReadonlyArray<keyof NewMemoryRow>;
// Every column of the row is inserted: a column added to the row and not listed fails to compile here.
const _everyColumnListed: [Exclude<keyof NewMemoryRow, (typeof NEW_MEMORY_COLUMNS)[number]>] extends [never]
  ? true
  : never = true;

/** What of a row is not part of the memory it stores: the bookkeeping columns `toMemory` never reads. */
type BookkeepingColumn = 'scope_tok' | 'origin_id' | 'concepts_pending' | 'dup_fp' | 'keyword_context';
const BOOKKEEPING_COLUMNS: ReadonlySet<string> = new Set<BookkeepingColumn>([
  'scope_tok',
  'origin_id',
  'concepts_pending',
  'dup_fp',
  'keyword_context',
]);

/** The columns a memory is read from (`toMemory`), with the seq for its vector. */
export type MemoryViewRow = Omit<MemoryRow, Exclude<BookkeepingColumn, 'dup_fp' | 'keyword_context'>>;
const MEMORY_VIEW_COLUMNS = [
  'seq',
  ...NEW_MEMORY_COLUMNS.filter((column) => !BOOKKEEPING_COLUMNS.has(column)),
] as ReadonlyArray<keyof MemoryViewRow>;

/**
 * The SELECT list of a memory's columns, read as arrays (`memoryViewRow`): a search reads its answers this way,
 * and whole rows as objects cost several times as much (the driver builds each object key by key, bookkeeping
 * columns and the keyword context included). Derived from the INSERT's list, so a new column is read here too.
 */
export const MEMORY_VIEW_SELECT = MEMORY_VIEW_COLUMNS.map((column) => `m.${column}`).join(', ');

/** A row read with `MEMORY_VIEW_SELECT`, its values in that order, as the row object `toMemory` takes. */
export function memoryViewRow(values: readonly unknown[]): MemoryViewRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < MEMORY_VIEW_COLUMNS.length; i++) row[MEMORY_VIEW_COLUMNS[i]] = values[i];
  return row as unknown as MemoryViewRow;
}

/** The INSERT of a new memory's row, its parameters in `newMemoryParams`' order (positional: cheaper to bind). */
export const INSERT_MEMORY_SQL = `INSERT INTO memories (${NEW_MEMORY_COLUMNS.join(', ')}) VALUES (${NEW_MEMORY_COLUMNS.map(
  () => '?',
).join(', ')})`;

/** A new row's values in the INSERT's column order. */
export function newMemoryParams(row: NewMemoryRow): unknown[] {
  return NEW_MEMORY_COLUMNS.map((column) => row[column]);
}

export function toVersion(row: VersionRow): MemoryVersion {
  return {
    version: row.version,
    text: row.text,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
    importance: row.importance,
    category: row.category as MemoryCategory | null,
    validFrom: new Date(row.valid_from),
    validTo: row.valid_to === null ? null : new Date(row.valid_to),
    recordedAt: new Date(row.recorded_at),
    event: row.event as MemoryVersion['event'],
  };
}

export interface SqlPart {
  readonly sql: string;
  readonly params: unknown[];
}

/** `m.user_id = ? AND m.end_user_id = ?` (+ agent, run): the first condition of every memory query. */
export function scopeSql(scope: MemoryScopeFilter, alias = 'm', byKey = false): SqlPart {
  // `byKey`: the rows are picked by their key (id/seq IN a list); the unary + keeps SQLite from walking the
  // scope index over the whole scope instead of looking the few keys up (20k-row scope: 17 ms -> 0.3 ms).
  const p = byKey ? '+' : '';
  const parts = [`${p}${alias}.user_id = ?`, `${p}${alias}.end_user_id = ?`];
  const params: unknown[] = [scope.userId, scope.endUserId];
  if (scope.agentId !== undefined) {
    parts.push(`${alias}.agent_id = ?`);
    params.push(scope.agentId);
  }
  if (scope.runId !== undefined) {
    parts.push(`${alias}.run_id = ?`);
    params.push(scope.runId);
  }
  if (scope.visibleAt !== undefined) {
    parts.push(`(${alias}.expires_at IS NULL OR ${alias}.expires_at > ?)`);
    params.push(scope.visibleAt.getTime());
  }
  return { sql: parts.join(' AND '), params };
}

/** The filter's conditions (joined with AND, each prefixed by ' AND '), for a memories table aliased `m`. */
export function filterSql(filter: MemoryFilter, alias = 'm'): SqlPart {
  let sql = '';
  const params: unknown[] = [];
  if (filter.category === null) sql += ` AND ${alias}.category IS NULL`;
  else if (filter.category !== undefined) {
    sql += ` AND ${alias}.category = ?`;
    params.push(filter.category);
  }
  if (filter.source !== undefined) {
    sql += ` AND ${alias}.source = ?`;
    params.push(filter.source);
  }
  if (filter.createdAfter) {
    sql += ` AND ${alias}.created_at >= ?`;
    params.push(filter.createdAfter.getTime());
  }
  if (filter.createdBefore) {
    sql += ` AND ${alias}.created_at <= ?`;
    params.push(filter.createdBefore.getTime());
  }
  if (filter.conversationId !== undefined) {
    sql += ` AND ${alias}.conversation_id = ?`;
    params.push(filter.conversationId);
  }
  for (const [key, value] of Object.entries(filter.metadata ?? {})) {
    // A quoted JSON path: any key is one member name, never a path of several.
    sql += ` AND json_extract(${alias}.metadata, ?) IS ?`;
    params.push(`$."${key.replace(/"/g, '')}"`, typeof value === 'boolean' ? (value ? 1 : 0) : value);
  }
  if (filter.expression) {
    const expression = expressionSql(filter.expression, alias);
    sql += ` AND ${expression.sql}`;
    params.push(...expression.params);
  }
  switch (filter.validity.kind) {
    case 'open':
      sql += ` AND (${alias}.valid_to IS NULL OR ${alias}.valid_to > ?)`;
      params.push(filter.validity.now.getTime());
      break;
    case 'asOf':
      sql += ` AND ${alias}.valid_from <= ? AND (${alias}.valid_to IS NULL OR ${alias}.valid_to > ?)`;
      params.push(filter.validity.at.getTime(), filter.validity.at.getTime());
      break;
    case 'all':
      break;
  }
  return { sql, params };
}

/** What the searches need of a prepared statement. */
export interface RowsStatement {
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
}
/** The columns the ranker reads of a memory (RankableMemory), in the order `rankableOfRow` takes them. */
export const RANKABLE_COLUMNS =
  "m.id, m.importance, m.created_at, m.valid_from, m.valid_to, m.conversation_id, m.text, json_extract(m.metadata, '$.slot')";
export type RankableRow = [string, number, number, number, number | null, string | null, string, unknown];
export function rankableOfRow([
  id,
  importance,
  createdAt,
  validFrom,
  validTo,
  conversationId,
  text,
  slot,
]: RankableRow): RankableWithId {
  return {
    id,
    importance,
    createdAt,
    validFrom,
    validTo,
    conversationId,
    text,
    slot: typeof slot === 'string' ? slot : null,
  };
}

/**
 * Of the given memory seqs, those that exist, are in the scope and pass the filter: seq -> the memory's id
 * and what the ranker reads of it (read with the check, so a search loads no candidate twice).
 */
export type KeepSeqs = (
  scope: MemoryScopeFilter,
  filter: MemoryFilter,
  seqs: readonly number[],
) => Map<number, RankableWithId>;

/** KeepSeqs answered by SQL (the truth; every filter and scope). */
export function keepSeqsInSql(
  db: EmbeddedDatabase,
  scope: MemoryScopeFilter,
  filter: MemoryFilter,
  seqs: readonly number[],
): Map<number, RankableWithId> {
  const kept = new Map<number, RankableWithId>();
  if (seqs.length === 0) return kept;
  const where = scopeSql(scope, 'm', true);
  const filters = filterSql(filter);
  const sql = `SELECT m.seq, ${RANKABLE_COLUMNS} FROM memories m WHERE ${where.sql}${filters.sql}
       AND m.seq IN (SELECT value FROM json_each(?))`;
  const rows = preparedOnce(db, sql, 'raw').all(
    ...where.params,
    ...filters.params,
    JSON.stringify(seqs),
  ) as Array<[number, ...RankableRow]>;
  for (const [seq, ...row] of rows) kept.set(seq, rankableOfRow(row));
  return kept;
}

/**
 * SQLite's data_version of this connection: it changes when another connection (another replica's process)
 * commits. A statement prepared once (the pragma() helper prepares one on every call, twice a search).
 */
export function readDataVersion(db: EmbeddedDatabase): number {
  return preparedOnce(db, 'PRAGMA data_version', 'pluck').get() as number;
}

/** True when the filter keeps every memory of the scope except closed facts (whichever validity it asks). */
export const isOpenOnly = (filter: MemoryFilter): boolean =>
  filter.category === undefined &&
  filter.source === undefined &&
  !filter.createdAfter &&
  !filter.createdBefore &&
  filter.conversationId === undefined &&
  filter.expression === undefined &&
  Object.keys(filter.metadata ?? {}).length === 0;

/** Whether a memory held in the filter's validity window (filterSql's validity conditions, in memory). */
export function heldInValidity(
  memory: Pick<RankableWithId, 'validFrom' | 'validTo'>,
  validity: MemoryFilter['validity'],
): boolean {
  switch (validity.kind) {
    case 'open':
      return memory.validTo === null || memory.validTo > validity.now.getTime();
    case 'asOf':
      return (
        memory.validFrom <= validity.at.getTime() &&
        (memory.validTo === null || memory.validTo > validity.at.getTime())
      );
    case 'all':
      return true;
  }
}

const TIME_COLUMNS = {
  created_at: 'created_at',
  updated_at: 'updated_at',
  valid_from: 'valid_from',
  valid_to: 'valid_to',
  expiration_date: 'expires_at',
} as const;

/** A JSON value's type class in SQL (json_type / json_each.type), numbers one class as in classOf. */
const typeClassSql = (type: string): string =>
  `(CASE WHEN ${type} IN ('integer', 'real') THEN 'number' WHEN ${type} IN ('true', 'false') THEN 'boolean' ` +
  `WHEN ${type} = 'text' THEN 'string' ELSE ${type} END)`;
const classOfScalar = (value: MemoryFilterScalar): string => typeof value;
/** A scalar as SQLite holds it in JSON (json_extract answers 1/0 for true/false). */
const sqlValue = (value: MemoryFilterScalar): string | number =>
  typeof value === 'boolean' ? (value ? 1 : 0) : value;

/**
 * A filter tree (parseMemoryFilter) as one SQL condition on the memories table aliased `alias`: the same
 * meaning as matchesMemoryFilter. Every condition is 0 or 1, never NULL (COALESCE), so NOT of an absent
 * field's condition is true, as in the reference and in MongoDB.
 */
function expressionSql(node: MemoryFilterNode, alias = 'm'): SqlPart {
  switch (node.kind) {
    case 'and':
    case 'or': {
      if (node.items.length === 0) return { sql: node.kind === 'and' ? '1' : '0', params: [] };
      const parts = node.items.map((item) => expressionSql(item, alias));
      return {
        sql: `(${parts.map((p) => p.sql).join(node.kind === 'and' ? ' AND ' : ' OR ')})`,
        params: parts.flatMap((p) => p.params),
      };
    }
    case 'not': {
      const inner = expressionSql(node.item, alias);
      return { sql: `(NOT ${inner.sql})`, params: inner.params };
    }
    case 'time':
    case 'text':
      return columnConditionSql(node, alias);
    case 'metadata':
      return metadataConditionSql(node, alias);
  }
}

function columnConditionSql(
  condition: Extract<MemoryFilterCondition, { kind: 'time' | 'text' }>,
  alias: string,
): SqlPart {
  const column =
    condition.kind === 'time'
      ? `${alias}.${TIME_COLUMNS[condition.field]}`
      : condition.field === 'end_user_id'
        ? `NULLIF(${alias}.end_user_id, '')`
        : `${alias}.${condition.field}`;
  const held = (sql: string, params: unknown[]): SqlPart => ({ sql: `COALESCE(${sql}, 0)`, params });
  switch (condition.op) {
    case 'exists':
      return { sql: `(${column} IS ${condition.value ? 'NOT ' : ''}NULL)`, params: [] };
    case 'eq':
      return held(`${column} = ?`, [condition.value]);
    case 'ne':
      return held(`(${column} IS NULL OR ${column} != ?)`, [condition.value]);
    case 'in':
      return held(`${column} IN (SELECT value FROM json_each(?))`, [JSON.stringify(condition.value)]);
    case 'nin':
      return held(`(${column} IS NULL OR ${column} NOT IN (SELECT value FROM json_each(?)))`, [
        JSON.stringify(condition.value),
      ]);
    case 'gt':
      return held(`${column} > ?`, [condition.value]);
    case 'gte':
      return held(`${column} >= ?`, [condition.value]);
    case 'lt':
      return held(`${column} < ?`, [condition.value]);
    case 'lte':
      return held(`${column} <= ?`, [condition.value]);
    case 'contains':
      return held(`instr(${column}, ?) > 0`, [String(condition.value)]);
    case 'icontains':
      return held(`instr(lower(${column}), lower(?)) > 0`, [String(condition.value)]);
  }
}

function metadataConditionSql(
  condition: Extract<MemoryFilterCondition, { kind: 'metadata' }>,
  alias: string,
): SqlPart {
  // A quoted JSON path: any key is one member name, never a path of several (as the exact-match filter). It
  // is a SQL string literal (quotes doubled) because the type and value expressions repeat it.
  const path = `'$."${condition.key.replace(/"/g, '').replace(/'/g, "''")}"'`;
  const type = `json_type(${alias}.metadata, ${path})`;
  const value = `json_extract(${alias}.metadata, ${path})`;
  const elements = `json_each(${alias}.metadata, ${path})`;
  const inList = (values: readonly MemoryFilterScalar[]): SqlPart => ({
    sql:
      `COALESCE(EXISTS (SELECT 1 FROM json_each(?) w WHERE ${typeClassSql('w.type')} = ` +
      `${typeClassSql(type)} AND w.value = ${value}), 0)`,
    params: [JSON.stringify(values)],
  });
  const compared = (operator: string, operand: MemoryFilterScalar): SqlPart => ({
    sql: `COALESCE(${typeClassSql(type)} = ? AND ${value} ${operator} ?, 0)`,
    params: [classOfScalar(operand), sqlValue(operand)],
  });
  const not = (part: SqlPart): SqlPart => ({ sql: `(NOT ${part.sql})`, params: part.params });
  switch (condition.op) {
    case 'exists':
      return { sql: `(COALESCE(${type}, 'null') ${condition.value ? '!=' : '='} 'null')`, params: [] };
    case 'eq':
      return inList([condition.value]);
    case 'ne':
      return not(inList([condition.value]));
    case 'in':
      return inList(condition.value);
    case 'nin':
      return not(inList(condition.value));
    case 'gt':
      return compared('>', condition.value);
    case 'gte':
      return compared('>=', condition.value);
    case 'lt':
      return compared('<', condition.value);
    case 'lte':
      return compared('<=', condition.value);
    case 'contains': {
      const wanted = condition.value;
      // A text holds the string; an array holds an element of the value's type and value.
      return {
        sql:
          `COALESCE(CASE ${type} WHEN 'text' THEN ? AND instr(${value}, ?) > 0 ` +
          `WHEN 'array' THEN EXISTS (SELECT 1 FROM ${elements} e ` +
          `WHERE ${typeClassSql('e.type')} = ? AND e.value = ?) ELSE 0 END, 0)`,
        params: [typeof wanted === 'string' ? 1 : 0, String(wanted), classOfScalar(wanted), sqlValue(wanted)],
      };
    }
    case 'icontains':
      return {
        sql:
          `COALESCE(CASE ${type} WHEN 'text' THEN instr(lower(${value}), lower(?)) > 0 ` +
          `WHEN 'array' THEN EXISTS (SELECT 1 FROM ${elements} e ` +
          `WHERE e.type = 'text' AND lower(e.value) = lower(?)) ELSE 0 END, 0)`,
        params: [String(condition.value), String(condition.value)],
      };
  }
}
