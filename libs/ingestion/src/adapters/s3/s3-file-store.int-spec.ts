import { afterAll, beforeAll } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { describeFileStoreContract } from '../../testing/file-store.contract.js';
import { S3FileStore } from './s3-file-store.js';

// A real S3-protocol server on loopback (s3rver, from the registry). With S3_TEST_ENDPOINT set (MinIO, a real
// bucket), the same contract runs against it instead.
const external = process.env['S3_TEST_ENDPOINT'];
const BUCKET = process.env['S3_TEST_BUCKET'] ?? 'membolt-files';
let server: S3rver | undefined;
let directory: string | undefined;
let endpoint = external ?? '';

beforeAll(async () => {
  if (external) return;
  directory = mkdtempSync(join(tmpdir(), 'membolt-s3rver-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describeFileStoreContract(external ? `S3 (${external})` : 'S3 (s3rver on loopback)', async () => ({
  store: new S3FileStore({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    accessKeyId: process.env['S3_TEST_ACCESS_KEY_ID'] ?? 'S3RVER',
    secretAccessKey: process.env['S3_TEST_SECRET_ACCESS_KEY'] ?? 'S3RVER',
    // Each test its own prefix: nothing one leaves behind is seen by the next.
    prefix: `test-${randomUUID()}`,
  }),
}));
