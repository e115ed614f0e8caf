import { Schema } from 'mongoose';

/** A previous state of a memory, kept inside the memory's own document (one atomic write per change). */
export interface MemoryVersionDocument {
  version: number;
  text: string;
  metadata: Record<string, unknown>;
  importance: number;
  category: string | null;
  validFrom: Date;
  validTo: Date | null;
  recordedAt: Date;
}

export interface ConceptMentionDocument {
  /** Stable per (account, end user, name): conceptId() in memory-documents.ts. */
  id: string;
  name: string;
  kind: string;
}

/**
 * Where a memory stands with Qdrant (decision 024): the document is the source of truth and its own outbox.
 * `pending`: written by a batch not yet acknowledged (invisible; rolled back by the repair pass when stale).
 * `live`: visible; `syncRev > syncedRev` means its point still has to be (re)written.
 * `deleting`: a tombstone (invisible) whose point still has to be removed before the document goes.
 */
type MemorySyncState = 'pending' | 'live' | 'deleting';

/** The `memories` collection: one document per memory with its vector, concepts and versions. */
export interface MemoryDocument {
  _id: string;
  userId: string;
  /** '' = the account's own memories. */
  endUserId: string;
  agentId: string | null;
  runId: string | null;
  text: string;
  metadata: Record<string, unknown>;
  importance: number;
  category: string | null;
  source: string;
  conversationId: string | null;
  conversationTitle: string | null;
  createdAt: Date;
  updatedAt: Date;
  validFrom: Date;
  validTo: Date | null;
  /** Hidden from reads after it; the retention sweep deletes it. Absent or null: never expires. */
  expiresAt?: Date | null;
  version: number;
  embeddingModel: string;
  /** The sensitive kinds redacted from the text when it was written; absent on older documents: none. */
  redactions?: string[];
  /** Float32 little-endian bytes. */
  embedding: Buffer;
  concepts: ConceptMentionDocument[];
  /** Stored without its concepts (batch create, import): the concept linker extracts and links them. */
  conceptsPending: boolean;
  /** Insertion order (microsecond clock, monotonic within a process): the linker's oldest-first sweep. */
  insertSeq: number;
  history: MemoryVersionDocument[];
  originId?: string | undefined;
  state: MemorySyncState;
  /** When the state or the revision last changed: the repair pass only takes what has been left alone. */
  touchedAt: Date;
  /** The write (batch insert or delete) that put the document in its state. */
  opId: string;
  syncRev: number;
  syncedRev: number;
  /** syncRev > syncedRev: the point lags the document (indexed sparsely for the repair pass). */
  dirty: boolean;
}

const versionSchema = new Schema<MemoryVersionDocument>(
  {
    version: { type: Number, required: true },
    text: { type: String, required: true },
    metadata: { type: Schema.Types.Mixed, default: {} },
    importance: { type: Number, required: true },
    category: { type: String, default: null },
    validFrom: { type: Date, required: true },
    validTo: { type: Date, default: null },
    recordedAt: { type: Date, required: true },
  },
  { _id: false },
);

const conceptSchema = new Schema<ConceptMentionDocument>(
  {
    id: { type: String, required: true },
    name: { type: String, required: true },
    kind: { type: String, required: true },
  },
  { _id: false },
);

export const memorySchema = new Schema<MemoryDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    endUserId: { type: String, default: '' },
    agentId: { type: String, default: null },
    runId: { type: String, default: null },
    text: { type: String, required: true },
    metadata: { type: Schema.Types.Mixed, default: {} },
    importance: { type: Number, required: true },
    category: { type: String, default: null },
    source: { type: String, required: true },
    conversationId: { type: String, default: null },
    conversationTitle: { type: String, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    validFrom: { type: Date, required: true },
    validTo: { type: Date, default: null },
    expiresAt: { type: Date, default: null },
    version: { type: Number, required: true },
    embeddingModel: { type: String, required: true },
    redactions: { type: [String], default: undefined },
    embedding: { type: Buffer, required: true },
    concepts: { type: [conceptSchema], default: [] },
    conceptsPending: { type: Boolean, required: true },
    insertSeq: { type: Number, required: true },
    history: { type: [versionSchema], default: [] },
    originId: { type: String },
    state: { type: String, enum: ['pending', 'live', 'deleting'], required: true },
    touchedAt: { type: Date, required: true },
    opId: { type: String, required: true },
    syncRev: { type: Number, required: true },
    syncedRev: { type: Number, required: true },
    dirty: { type: Boolean, required: true },
  },
  { collection: 'memories', versionKey: false, minimize: false },
);
// Scope first in every index: every query filters on (userId, endUserId) before anything else.
memorySchema.index({ userId: 1, endUserId: 1, state: 1, createdAt: -1, insertSeq: -1 });
memorySchema.index({ userId: 1, endUserId: 1, state: 1, importance: -1, createdAt: -1, insertSeq: -1 });
memorySchema.index({ userId: 1, endUserId: 1, state: 1, createdAt: 1, _id: 1 });
memorySchema.index({ userId: 1, endUserId: 1, conversationId: 1, createdAt: 1, insertSeq: 1 });
memorySchema.index({ userId: 1, endUserId: 1, 'concepts.id': 1 });
memorySchema.index({ userId: 1, endUserId: 1, 'concepts.name': 1 });
memorySchema.index({ userId: 1, state: 1, endUserId: 1, updatedAt: -1 });
// The retention sweep's expired memories; few expire, so a partial index.
memorySchema.index(
  { expiresAt: 1, userId: 1 },
  { partialFilterExpression: { expiresAt: { $type: 'date' } } },
);
memorySchema.index(
  { userId: 1, endUserId: 1, originId: 1 },
  { unique: true, partialFilterExpression: { originId: { $type: 'string' } } },
);
memorySchema.index({ opId: 1 });
memorySchema.index(
  { userId: 1, endUserId: 1, insertSeq: 1 },
  { partialFilterExpression: { conceptsPending: true } },
);
memorySchema.index({ insertSeq: 1 }, { partialFilterExpression: { conceptsPending: true } });
// The repair pass: unfinished writes (pending, tombstones) and live memories whose point lags.
memorySchema.index({ state: 1, touchedAt: 1 });
memorySchema.index({ touchedAt: 1 }, { partialFilterExpression: { dirty: true } });

/** `memory_categories`: an account's custom categories, one per name. */
export interface MemoryCategoryDocument {
  userId: string;
  name: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
}

export const memoryCategorySchema = new Schema<MemoryCategoryDocument>(
  {
    userId: { type: String, required: true },
    name: { type: String, required: true },
    description: { type: String, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'memory_categories', versionKey: false },
);
memoryCategorySchema.index({ userId: 1, name: 1 }, { unique: true });

/** `privacy_policies`: an account's policy (keyId '') and its keys' overrides. */
export interface PrivacyPolicyDocument {
  userId: string;
  keyId: string;
  actions: Record<string, string>;
  updatedAt: Date;
}

export const privacyPolicySchema = new Schema<PrivacyPolicyDocument>(
  {
    userId: { type: String, required: true },
    keyId: { type: String, required: true },
    actions: { type: Schema.Types.Mixed, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'privacy_policies', versionKey: false, minimize: false },
);
privacyPolicySchema.index({ userId: 1, keyId: 1 }, { unique: true });

/** `redaction_counts`: how many memories had each kind redacted, per account. */
export interface RedactionCountDocument {
  userId: string;
  kind: string;
  count: number;
}

export const redactionCountSchema = new Schema<RedactionCountDocument>(
  {
    userId: { type: String, required: true },
    kind: { type: String, required: true },
    count: { type: Number, required: true },
  },
  { collection: 'redaction_counts', versionKey: false },
);
redactionCountSchema.index({ userId: 1, kind: 1 }, { unique: true });
