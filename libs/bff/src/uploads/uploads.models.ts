import { Field, InputType, Int } from '@nestjs/graphql';
import {
  UPLOAD_FILE_KINDS,
  UPLOAD_STATES,
  UploadDeletionReceipt,
  type UploadFileKind,
  UploadListView,
  type UploadState,
  UploadView,
} from '@membolt/contracts';
import { graphqlEnum } from '../common/graphql-enum.js';
import { graphqlObjectType } from '../common/graphql-object-type.js';

export const UploadStateModel = graphqlEnum(UPLOAD_STATES, {
  name: 'UploadState',
  description: 'receiving (parts arriving), queued, then the stages of its job, done or failed.',
});
export type UploadStateModel = UploadState;

export const UploadKindModel = graphqlEnum(UPLOAD_FILE_KINDS, {
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

@InputType()
export class BeginUploadInput {
  @Field()
  fileName!: string;
  @Field(() => String, { nullable: true })
  fileType?: string | null;
  @Field(() => Int)
  fileSize!: number;
}
