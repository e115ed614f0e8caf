import { afterAll } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeApiKeyRepositoryContract } from '../../testing/api-key-repository.contract.js';
import { describeProviderKeyRepositoryContract } from '../../testing/provider-key-repository.contract.js';
import { openKeysEmbeddedStore } from './keys-store.embedded.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const freshStore = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'membolt-keys-'));
  dirs.push(dir);
  return openKeysEmbeddedStore(dir);
};

describeApiKeyRepositoryContract('embedded (SQLite)', freshStore);
describeProviderKeyRepositoryContract('embedded (SQLite)', freshStore);
