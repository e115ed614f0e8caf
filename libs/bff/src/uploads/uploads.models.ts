import { Int } from '@nestjs/graphql';
import {
  BeginUploadRequest,
  UPLOAD_FILE_KINDS,
  UPLOAD_STATES,
  UploadDeletionReceipt,
  type UploadFileKind,
  UploadListView,
  type UploadState,
  UploadView,
} from '@membolt/contracts';
import { graphqlEnum } from '../common/graphql-enum.js';
import { graphqlInputType } from '../common/graphql-input-type.js';
import { graphqlObjectType } from '../common/graphql-object-type.js';

const UploadStateModel = graphqlEnum(UPLOAD_STATES, {
  name: 'UploadState',
  description: 'receiving (parts arriving), queued, then the stages of its job, done or failed.',
});
export type UploadStateModel = UploadState;

const UploadKindModel = graphqlEnum(UPLOAD_FILE_KINDS, {
  name: 'UploadKind',
  description: 'What the content is (never the name).',
});
export type UploadKindModel = UploadFileKind;

/** The ingestion service's views as they are: GraphQL answers the fields of its types. */
export const UploadModel = graphqlObjectType('Upload', UploadView, {
  description: 'A file the user uploaded, and how far its processing got.',
  ids: ['id', 'summaryMemoryId'],
  types: { kind: () => UploadKindModel, state: () => UploadStateModel },
});
export type UploadModel = InstanceType<typeof UploadModel>;

export const UploadPageModel = graphqlObjectType('UploadPage', UploadListView, {
  types: { uploads: () => [UploadModel] },
});
export type UploadPageModel = InstanceType<typeof UploadPageModel>;

export const UploadDeletionReceiptModel = graphqlObjectType('UploadDeletionReceipt', UploadDeletionReceipt, {
  ids: ['uploadId'],
});
export type UploadDeletionReceiptModel = InstanceType<typeof UploadDeletionReceiptModel>;

/** The ingestion service's begin request for the signed-in user's own files (no memory scope). */
export const BeginUploadInput = graphqlInputType(
  'BeginUploadInput',
  BeginUploadRequest.pick({ fileName: true, fileType: true, fileSize: true }),
  { types: { fileSize: () => Int } },
);
export type BeginUploadInput = InstanceType<typeof BeginUploadInput>;
