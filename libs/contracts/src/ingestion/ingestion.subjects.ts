import { defineSubject } from '../common/envelope.js';
import type { UploadChangedEvent } from './ingestion.events.js';
import type {
  BeginUploadRequest,
  DeleteEndUserUploadsRequest,
  ListUploadsRequest,
  UploadIdRequest,
  UploadPartRequest,
} from './ingestion.requests.js';
import type {
  EndUserUploadsDeletionView,
  UploadDeletionReceipt,
  UploadListView,
  UploadPartView,
  UploadView,
} from './ingestion.views.js';

/** Every subject acts for the acting user (bus `meta.userId`): another user's upload is NOT_FOUND. */
export const IngestionSubjects = {
  begin: defineSubject<BeginUploadRequest, UploadView>('ingestion', 'ingestion.uploads.begin.v1'),
  part: defineSubject<UploadPartRequest, UploadPartView>('ingestion', 'ingestion.uploads.part.v1', {
    idempotent: true,
  }),
  /** Checks size and type (413, 400, 415: the upload is then discarded) and queues its job. Idempotent. */
  complete: defineSubject<UploadIdRequest, UploadView>('ingestion', 'ingestion.uploads.complete.v1', {
    idempotent: true,
  }),
  get: defineSubject<UploadIdRequest, UploadView>('ingestion', 'ingestion.uploads.get.v1', {
    idempotent: true,
  }),
  list: defineSubject<ListUploadsRequest, UploadListView>('ingestion', 'ingestion.uploads.list.v1', {
    idempotent: true,
  }),
  delete: defineSubject<UploadIdRequest, UploadDeletionReceipt>('ingestion', 'ingestion.uploads.delete.v1'),
  /** Erasing an end user: every upload of theirs, its file and its memories. Idempotent. */
  deleteEndUser: defineSubject<DeleteEndUserUploadsRequest, EndUserUploadsDeletionView>(
    'ingestion',
    'ingestion.end-users.delete.v1',
    { idempotent: true },
  ),
  /** Broadcast (see UploadChangedEvent). */
  changed: defineSubject<UploadChangedEvent, void>('ingestion', 'ingestion.uploads.changed.v1'),
} as const;
