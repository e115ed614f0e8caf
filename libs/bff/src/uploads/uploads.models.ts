import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import {
  UPLOAD_FILE_KINDS,
  UPLOAD_STATES,
  type UploadFileKind,
  type UploadState,
  type UploadView,
} from '@membolt/contracts';
import { graphqlEnum } from '../common/graphql-enum.js';

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

@ObjectType('Upload', { description: 'A file the user uploaded, and how far its processing got.' })
export class UploadModel {
  @Field(() => ID)
  id!: string;
  @Field()
  fileName!: string;
  @Field(() => String, { nullable: true })
  fileType!: string | null;
  @Field(() => UploadKindModel, { nullable: true })
  kind!: UploadKindModel | null;
  @Field(() => Int)
  size!: number;
  @Field(() => UploadStateModel)
  state!: UploadStateModel;
  @Field(() => Int, { description: '0-100 over the whole processing.' })
  percent!: number;
  @Field(() => Int, { nullable: true })
  pages!: number | null;
  @Field(() => Int, { nullable: true })
  chunks!: number | null;
  @Field(() => String, { nullable: true })
  summary!: string | null;
  @Field(() => ID, { nullable: true, description: 'The memory holding the summary.' })
  summaryMemoryId!: string | null;
  @Field(() => String, { nullable: true })
  error!: string | null;
  @Field(() => String, {
    nullable: true,
    description: "The end user of the account's app it belongs to (decision 101); null: the account's own.",
  })
  endUserId!: string | null;
  @Field(() => String, { nullable: true })
  agentId!: string | null;
  @Field(() => String, { nullable: true })
  runId!: string | null;
  @Field()
  createdAt!: string;
  @Field()
  updatedAt!: string;
}

@ObjectType('UploadPage')
export class UploadPageModel {
  @Field(() => [UploadModel])
  uploads!: UploadModel[];
  @Field(() => Int)
  limit!: number;
  @Field(() => Int)
  offset!: number;
  @Field(() => Int)
  totalCount!: number;
}

@ObjectType('UploadDeletionReceipt')
export class UploadDeletionReceiptModel {
  @Field(() => ID)
  uploadId!: string;
  @Field(() => Int)
  memoriesDeleted!: number;
  @Field()
  fileDeleted!: boolean;
}

@InputType()
export class BeginUploadInput {
  @Field()
  fileName!: string;
  @Field(() => String, { nullable: true })
  fileType?: string | null;
  @Field(() => Int)
  fileSize!: number;
}

export function toUploadModel(view: UploadView): UploadModel {
  return {
    ...view,
    kind: view.kind,
    state: view.state,
  };
}
