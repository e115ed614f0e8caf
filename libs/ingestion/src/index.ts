export * from './ingestion.module.js';
export * from './ingestion.options.js';
export { UnreadableFileError } from './extraction/text-extraction.js';
export { INGESTION_STORE, type IngestionStore } from './ports/ingestion-store.js';
export { IngestFileJob, INGEST_FILE_JOB, type IngestFileJobData } from './jobs/ingest-file.job.js';
export { IngestionService } from './ingestion.service.js';
export {
  DATA_EXPORT_JOB,
  dataExportJobId,
  type DataExportJobData,
} from './data-exports/data-export.service.js';
