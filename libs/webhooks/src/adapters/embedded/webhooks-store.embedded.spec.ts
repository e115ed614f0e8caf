import { afterAll, describe, expect, it } from '@jest/globals';
import { openEmbeddedDatabase } from '@membolt/embedded-store';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeWebhooksStoreContract } from '../../testing/webhooks-store.contract.js';
import { openWebhooksEmbeddedStore } from './webhooks-store.embedded.js';
import { WEBHOOKS_MIGRATIONS } from './webhooks.migrations.js';

const dirs: string[] = [];
const newDataDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'membolt-webhooks-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('WebhooksStore: embedded (SQLite)', () => {
  it('keeps its data in DATA_DIR/webhooks.sqlite and applies each migration once across reopens', async () => {
    const dataDir = newDataDir();
    await openWebhooksEmbeddedStore(dataDir).close();
    await openWebhooksEmbeddedStore(dataDir).close();
    expect(existsSync(join(dataDir, 'webhooks.sqlite'))).toBe(true);
    const db = openEmbeddedDatabase(dataDir, 'webhooks');
    try {
      const applied = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all();
      expect(applied).toEqual(WEBHOOKS_MIGRATIONS.map(({ version }) => ({ version })));
    } finally {
      db.close();
    }
  });
});

describeWebhooksStoreContract('embedded (SQLite)', async () => openWebhooksEmbeddedStore(newDataDir()));
