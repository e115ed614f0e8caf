import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ingestionConfigFields, toIngestionModuleOptions } from './ingestion.options.js';

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
