import { DATA_EXPORT_STATES, type DataExportState, DataExportView } from '@membolt/contracts';
import { z } from 'zod';
import { graphqlEnum } from '../common/graphql-enum.js';
import { graphqlObjectType } from '../common/graphql-object-type.js';

export const DataExportStateModel = graphqlEnum(DATA_EXPORT_STATES, {
  name: 'DataExportState',
  description:
    'queued, running, done (downloadable until expiresAt), failed, or expired (the zip is deleted).',
});
export type DataExportStateModel = DataExportState;

/** Where the browser downloads a finished export (the session cookie authenticates it). */
const dataExportDownloadPath = (exportId: string): string => `/downloads/data-exports/${exportId}`;

/** The export as the screen sees it: its id named `id`, and where to download it rather than its parts. */
const DataExportGraphqlShape = DataExportView.unwrap()
  .omit({ exportId: true, parts: true })
  .extend({
    id: z.string(),
    downloadUrl: z.string().nullable().meta({ description: 'Where to download the zip while it is done.' }),
  });

export const DataExportModel = graphqlObjectType('DataExport', DataExportGraphqlShape, {
  description:
    '"Download my data": a zip of JSON files with every memory and its history, conversations, uploads and usage.',
  ids: ['id'],
  types: { state: () => DataExportStateModel },
});
export type DataExportModel = z.output<typeof DataExportGraphqlShape>;

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
