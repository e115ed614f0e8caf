import { z } from 'zod';
import { UPLOAD_FILE_KINDS, UPLOAD_STATES } from '../rules/ingestion.rules.js';
import { memoryScopeViewFields } from '../memory/memory.views.js';

/** One uploaded file and how far its processing got. */
export const UploadView = z
  .object({
    id: z.string(),
    fileName: z.string(),
    /** The MIME type the client declared, if any. */
    fileType: z.string().nullable(),
    /** What the content is (decided by the server); null until the upload is complete. */
    kind: z.enum(UPLOAD_FILE_KINDS).nullable(),
    size: z.int(),
    state: z.enum(UPLOAD_STATES),
    percent: z.int().meta({ description: '0-100 over the whole processing.' }),
    pages: z.int().nullable(),
    chunks: z.int().nullable(),
    summary: z.string().nullable(),
    /** The spec's `memory_id`. */
    summaryMemoryId: z.string().nullable().meta({ description: 'The memory holding the summary.' }),
    error: z.string().nullable(),
    ...memoryScopeViewFields,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .readonly();
export type UploadView = z.output<typeof UploadView>;

export const UploadListView = z
  .object({
    uploads: z.array(UploadView).readonly(),
    limit: z.int(),
    offset: z.int(),
    totalCount: z.int(),
  })
  .readonly();
export type UploadListView = z.output<typeof UploadListView>;

export const UploadPartView = z.object({ uploadId: z.string(), index: z.int(), bytes: z.int() }).readonly();
export type UploadPartView = z.output<typeof UploadPartView>;

/** What deleting an upload removed: the memories made from it (their concepts with them) and the file. */
export const UploadDeletionReceipt = z
  .object({ uploadId: z.string(), memoriesDeleted: z.int(), fileDeleted: z.boolean() })
  .readonly();
export type UploadDeletionReceipt = z.output<typeof UploadDeletionReceipt>;

/** What erasing an end user removed from the ingestion service. */
export const EndUserUploadsDeletionView = z
  .object({ uploads: z.int(), files: z.int(), memories: z.int() })
  .readonly();
export type EndUserUploadsDeletionView = z.output<typeof EndUserUploadsDeletionView>;
