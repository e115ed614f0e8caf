import type { UploadFileKind, UploadState } from '../rules/ingestion.rules.js';

/** One uploaded file and how far its processing got. */
export interface UploadView {
  readonly id: string;
  readonly fileName: string;
  /** The MIME type the client declared, if any. */
  readonly fileType: string | null;
  /** What the content is (decided by the server); null until the upload is complete. */
  readonly kind: UploadFileKind | null;
  readonly size: number;
  readonly state: UploadState;
  /** 0-100 over the whole processing. */
  readonly percent: number;
  readonly pages: number | null;
  readonly chunks: number | null;
  readonly summary: string | null;
  /** The memory holding the summary (the spec's `memory_id`). */
  readonly summaryMemoryId: string | null;
  readonly error: string | null;
  /** The memory scope the file's memories belong to (decision 101); null for the account's own. */
  readonly endUserId: string | null;
  readonly agentId: string | null;
  readonly runId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface UploadListView {
  readonly uploads: readonly UploadView[];
  readonly limit: number;
  readonly offset: number;
  readonly totalCount: number;
}

export interface UploadPartView {
  readonly uploadId: string;
  readonly index: number;
  readonly bytes: number;
}

/** What deleting an upload removed: the memories made from it (their concepts with them) and the file. */
export interface UploadDeletionReceipt {
  readonly uploadId: string;
  readonly memoriesDeleted: number;
  readonly fileDeleted: boolean;
}

/** What erasing an end user removed from the ingestion service. */
export interface EndUserUploadsDeletionView {
  readonly uploads: number;
  readonly files: number;
  readonly memories: number;
}
