import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import {
  DEFAULT_EXTRACTION_LIMITS,
  ingestionConfigFields,
  resolveIngestionSettings,
  toIngestionModuleOptions,
} from './ingestion.options.js';

const options = (env: Record<string, string>) =>
  toIngestionModuleOptions(z.object(ingestionConfigFields).parse({ DATA_DIR: '/data', ...env }));

describe('ingestion configuration: the file store', () => {
  it('keeps files on disk by default', () => {
    expect(options({}).fileStore).toEqual({ kind: 'disk' });
  });

  it('reads the S3 settings, with path-style addressing and a prefix', () => {
    expect(
      options({
        INGESTION_FILE_STORE: 's3',
        S3_BUCKET: 'membolt-files',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'prod/uploads',
      }).fileStore,
    ).toEqual({
      kind: 's3',
      bucket: 'membolt-files',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      prefix: 'prod/uploads',
    });
  });

  it('names what is missing or wrong', () => {
    expect(() => options({ INGESTION_FILE_STORE: 's3' })).toThrow(
      'S3_BUCKET is required when INGESTION_FILE_STORE=s3',
    );
    expect(() => options({ INGESTION_FILE_STORE: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    );
    expect(() => options({ INGESTION_FILE_STORE: 's3', S3_BUCKET: 'Not A Bucket' })).toThrow(/bucket name/);
    expect(() => options({ S3_ENDPOINT: 'ftp://x' })).toThrow(/http\(s\) URL/);
    expect(() => options({ S3_PREFIX: '../up' })).toThrow(/key prefix/);
  });
});

describe('ingestion configuration: what one file may cause', () => {
  const settings = (env: Record<string, string>) => resolveIngestionSettings(options(env));

  it('has a safe default for every limit', () => {
    expect(settings({})).toMatchObject({
      limits: DEFAULT_EXTRACTION_LIMITS,
      workerMemoryMb: 512,
      extractTimeoutMs: 120_000,
      concurrencyPerAccount: 1,
      abandonedAfterMs: 60 * 60_000,
    });
    expect(DEFAULT_EXTRACTION_LIMITS).toEqual({
      archiveMaxBytes: 100 * 1024 * 1024,
      archiveMaxEntries: 2_000,
      pdfMaxPages: 2_000,
      textMaxChars: 2_000_000,
      memoriesPerFile: 2_000,
      imageMaxPixels: 50_000_000,
    });
  });

  it('reads each limit from its variable', () => {
    expect(
      settings({
        INGESTION_ARCHIVE_MAX_BYTES: String(16 * 1024 * 1024),
        INGESTION_ARCHIVE_MAX_ENTRIES: '300',
        INGESTION_PDF_MAX_PAGES: '40',
        INGESTION_TEXT_MAX_CHARS: '90000',
        INGESTION_MEMORIES_PER_FILE: '20',
        INGESTION_IMAGE_MAX_PIXELS: '1000000',
        INGESTION_WORKER_MEMORY_MB: '256',
        INGESTION_EXTRACT_TIMEOUT_SECONDS: '2.5',
        INGESTION_CONCURRENCY_PER_ACCOUNT: '2',
        INGESTION_ABANDONED_UPLOAD_MINUTES: '15',
      }),
    ).toMatchObject({
      limits: {
        archiveMaxBytes: 16 * 1024 * 1024,
        archiveMaxEntries: 300,
        pdfMaxPages: 40,
        textMaxChars: 90_000,
        memoriesPerFile: 20,
        imageMaxPixels: 1_000_000,
      },
      workerMemoryMb: 256,
      extractTimeoutMs: 2_500,
      concurrencyPerAccount: 2,
      abandonedAfterMs: 15 * 60_000,
    });
  });

  it('refuses values that would leave a file unbounded or nothing readable', () => {
    expect(() => options({ INGESTION_PDF_MAX_PAGES: '0' })).toThrow(/INGESTION_PDF_MAX_PAGES/);
    expect(() => options({ INGESTION_WORKER_MEMORY_MB: '16' })).toThrow(/INGESTION_WORKER_MEMORY_MB/);
    expect(() => options({ INGESTION_MEMORIES_PER_FILE: 'lots' })).toThrow(/INGESTION_MEMORIES_PER_FILE/);
    expect(() => options({ INGESTION_ARCHIVE_MAX_BYTES: '-1' })).toThrow(/INGESTION_ARCHIVE_MAX_BYTES/);
  });
});
