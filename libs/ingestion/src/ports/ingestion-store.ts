import type { RecordScope, UploadFileKind, UploadState } from '@membolt/contracts';

/**
 * One upload as stored. Times are ISO 8601. Its scope (end user, agent, run) is the scope of every memory made
 * from it (decision 101).
 */
export interface UploadRecord extends RecordScope {
  readonly id: string;
  readonly userId: string;
  readonly fileName: string;
  readonly fileType: string | null;
  readonly kind: UploadFileKind | null;
  readonly size: number;
  readonly state: UploadState;
  readonly percent: number;
  readonly pages: number | null;
  readonly chunks: number | null;
  readonly summary: string | null;
  readonly summaryMemoryId: string | null;
  readonly error: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type UploadChanges = Partial<
  Pick<
    UploadRecord,
    'kind' | 'state' | 'percent' | 'pages' | 'chunks' | 'summary' | 'summaryMemoryId' | 'error'
  >
>;

/** Which uploads a list shows: one end user's (null: the account's own), narrowed to an agent and run. */
export interface UploadScopeFilter {
  readonly endUserId: string | null;
  readonly agentId?: string;
  readonly runId?: string;
}

/** A memory made from an upload: a chunk (with its index) or the summary. */
export interface UploadMemory {
  readonly memoryId: string;
  readonly kind: 'chunk' | 'summary';
  readonly chunkIndex: number | null;
}

export interface UploadsRepository {
  insert(record: UploadRecord): Promise<void>;
  /** The user's upload, or null (another user's upload is null too). */
  find(userId: string, id: string): Promise<UploadRecord | null>;
  /** Newest first, within one scope: the end user given (null: the account's own), the agent and run if given. */
  list(
    userId: string,
    scope: UploadScopeFilter,
    limit: number,
    offset: number,
  ): Promise<{ uploads: UploadRecord[]; total: number }>;
  update(id: string, changes: UploadChanges, updatedAt: string): Promise<void>;
  /** Removes the upload and its memory links; false when it was not there. */
  delete(userId: string, id: string): Promise<boolean>;
  /** Uploads still `receiving` that were opened before `before` (abandoned: their parts never completed). */
  abandoned(before: string, limit: number): Promise<Array<{ id: string; userId: string }>>;
  /** Every upload id of the user (account deletion). */
  idsOf(userId: string): Promise<string[]>;
  /** Every upload of one end user of the user (erasing the end user). */
  ofEndUser(userId: string, endUserId: string): Promise<UploadRecord[]>;
  /** Remembers memories made from the upload (idempotent by memory id). */
  addMemories(uploadId: string, memories: readonly UploadMemory[]): Promise<void>;
  memoriesOf(uploadId: string): Promise<UploadMemory[]>;
}

/**
 * The ingestion service's repositories over one store (one SQLite file or one MongoDB database), built by
 * both adapters over the shared connection.
 */
export interface IngestionStore {
  readonly uploads: UploadsRepository;
  close(): Promise<void>;
}

export const INGESTION_STORE = Symbol('INGESTION_STORE');
