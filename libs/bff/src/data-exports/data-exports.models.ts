import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { DATA_EXPORT_STATES, type DataExportState, type DataExportView } from '@membolt/contracts';
import { graphqlEnum } from '../common/graphql-enum.js';

export const DataExportStateModel = graphqlEnum(DATA_EXPORT_STATES, {
  name: 'DataExportState',
  description:
    'queued, running, done (downloadable until expiresAt), failed, or expired (the zip is deleted).',
});
export type DataExportStateModel = DataExportState;

/** Where the browser downloads a finished export (the session cookie authenticates it). */
const dataExportDownloadPath = (exportId: string): string => `/downloads/data-exports/${exportId}`;

@ObjectType('DataExport', {
  description:
    '"Download my data": a zip of JSON files with every memory and its history, conversations, uploads and usage.',
})
export class DataExportModel {
  @Field(() => ID)
  id!: string;
  @Field(() => DataExportStateModel)
  state!: DataExportStateModel;
  @Field(() => String, { nullable: true, description: 'What the job is reading now.' })
  stage!: string | null;
  @Field(() => Int, { description: '0-100.' })
  percent!: number;
  @Field()
  createdAt!: string;
  @Field(() => String, { nullable: true, description: 'When the zip is deleted (once done).' })
  expiresAt!: string | null;
  @Field(() => Int, { nullable: true, description: 'Size of the zip in bytes (once done).' })
  bytes!: number | null;
  @Field(() => String, { nullable: true, description: 'Where to download the zip while it is done.' })
  downloadUrl!: string | null;
  @Field(() => String, { nullable: true })
  error!: string | null;
}

export function toDataExportModel(view: DataExportView): DataExportModel {
  return {
    id: view.exportId,
    state: view.state,
    stage: view.stage,
    percent: view.percent,
    createdAt: view.createdAt,
    expiresAt: view.expiresAt,
    bytes: view.bytes,
    downloadUrl: view.state === 'done' ? dataExportDownloadPath(view.exportId) : null,
    error: view.error,
  };
}
