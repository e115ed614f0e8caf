import { afterAll } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeIdentityStoreContract } from '../../testing/identity-store.contract.js';
import { openIdentityEmbeddedStore } from './identity-store.embedded.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describeIdentityStoreContract('embedded (SQLite)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'membolt-identity-'));
  dirs.push(dir);
  return openIdentityEmbeddedStore(dir);
});
