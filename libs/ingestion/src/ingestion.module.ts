import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import { JOB_QUEUE, type JobQueue, jobsConfigFromEnv, JobsModule } from '@membolt/jobs';
import { CLOCK, systemClock } from '@membolt/platform';
import { BusFileFacts } from './adapters/bus/bus-file-facts.js';
import { BusFileMemories } from './adapters/bus/bus-file-memories.js';
import { BusFileSummaries } from './adapters/bus/bus-file-summaries.js';
import { BusUploadChangeNotifier } from './adapters/bus/bus-upload-changes.js';
import { DiskFileStore } from './adapters/disk/disk-file-store.js';
import { S3FileStore } from './adapters/s3/s3-file-store.js';
import { TesseractImageReader } from './extraction/tesseract-ocr.js';
import { IngestionHandlers } from './ingestion.handlers.js';
import {
  INGESTION_SETTINGS,
  type IngestionModuleOptions,
  resolveIngestionSettings,
} from './ingestion.options.js';
import { IngestionService } from './ingestion.service.js';
import { openIngestionStore } from './ingestion.store.js';
import { IMAGE_TEXT_READER, IngestFileJob } from './jobs/ingest-file.job.js';
import { PurgeAbandonedUploadsJob } from './jobs/purge-abandoned.job.js';
import { BusAccountData } from './adapters/bus/bus-account-data.js';
import { DataExportHandlers } from './data-exports/data-export.handlers.js';
import { DataExportJob } from './data-exports/data-export.job.js';
import { DataExportService } from './data-exports/data-export.service.js';
import { ACCOUNT_DATA } from './ports/account-data.js';
import { FILE_FACTS } from './ports/file-facts.js';
import { FILE_MEMORIES } from './ports/file-memories.js';
import { FILE_SUMMARIES } from './ports/file-summaries.js';
import { FILE_STORE } from './ports/file-store.js';
import { INGESTION_STORE, type IngestionStore } from './ports/ingestion-store.js';
import { UPLOAD_CHANGES } from './ports/upload-changes.js';

function filesDirOf(options: IngestionModuleOptions): string {
  if (options.filesDir) return options.filesDir;
  return options.store.kind === 'embedded' ? options.store.dataDir : './data';
}

/**
 * The ingestion service: uploads in parts over the bus, a durable job per upload (extract, chunk, store as
 * memories through the memory service, summarise), the user's files as a resource.
 */
@Module({})
export class IngestionModule implements OnApplicationShutdown {
  constructor(
    @Inject(INGESTION_STORE) private readonly store: IngestionStore,
    @Inject(IMAGE_TEXT_READER) private readonly ocr: TesseractImageReader,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  static forRoot(options: IngestionModuleOptions): DynamicModule {
    const jobs =
      options.jobs ??
      jobsConfigFromEnv(
        options.store.kind === 'embedded' ? { ...process.env, DATA_DIR: options.store.dataDir } : process.env,
      );
    return {
      module: IngestionModule,
      imports: [JobsModule.forRoot({ service: 'ingestion', config: jobs })],
      controllers: [IngestionHandlers, DataExportHandlers, createHealthController('ingestion')],
      providers: [
        { provide: INGESTION_SETTINGS, useValue: resolveIngestionSettings(options) },
        { provide: INGESTION_STORE, useFactory: () => openIngestionStore(options.store) },
        {
          provide: FILE_STORE,
          useValue:
            options.fileStore?.kind === 's3'
              ? new S3FileStore(options.fileStore)
              : new DiskFileStore(filesDirOf(options)),
        },
        { provide: FILE_MEMORIES, useClass: BusFileMemories },
        { provide: FILE_FACTS, useClass: BusFileFacts },
        { provide: FILE_SUMMARIES, useClass: BusFileSummaries },
        { provide: UPLOAD_CHANGES, useClass: BusUploadChangeNotifier },
        { provide: ACCOUNT_DATA, useClass: BusAccountData },
        { provide: IMAGE_TEXT_READER, useClass: TesseractImageReader },
        { provide: CLOCK, useValue: systemClock },
        IngestionService,
        IngestFileJob,
        PurgeAbandonedUploadsJob,
        DataExportService,
        DataExportJob,
      ],
    };
  }

  // Runs after the bus server has stopped taking requests.
  async onApplicationShutdown(): Promise<void> {
    // Running jobs finish (or are handed back) before the store they write to closes.
    await this.queue.close();
    await this.ocr.close();
    await this.store.close();
  }
}
