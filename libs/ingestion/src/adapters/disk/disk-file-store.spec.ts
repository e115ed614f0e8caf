import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeFileStoreContract } from '../../testing/file-store.contract.js';
import { DiskFileStore } from './disk-file-store.js';

describeFileStoreContract('disk', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'membolt-files-'));
  return {
    store: new DiskFileStore(dir),
    teardown: async () => rmSync(dir, { recursive: true, force: true }),
  };
});
