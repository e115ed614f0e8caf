import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { migrate, openEmbeddedDatabase } from '@membolt/embedded-store';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeWebhooksStoreContract } from '../../testing/webhooks-store.contract.js';
import { WebhookEndpointEmbeddedRepository } from './webhook-endpoint.embedded.repository.js';
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

describe('WebhookEndpointEmbeddedRepository.listSubscribed', () => {
  it('compiles its statement once for a connection, not once a call: it runs for every memory change', async () => {
    const db = openEmbeddedDatabase(newDataDir(), 'webhooks');
    try {
      migrate(db, WEBHOOKS_MIGRATIONS);
      const endpoints = new WebhookEndpointEmbeddedRepository(db);
      const prepare = jest.spyOn(db, 'prepare');
      for (let i = 0; i < 3; i++)
        expect(await endpoints.listSubscribed(`user-${i}`, 'memory.created')).toEqual([]);
      expect(prepare.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      db.close();
    }
  });
});

describeWebhooksStoreContract('embedded (SQLite)', async () => openWebhooksEmbeddedStore(newDataDir()));
