import { afterAll, describe, expect, it } from '@jest/globals';
import { openEmbeddedDatabase } from '@membolt/embedded-store';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openIngestionEmbeddedStore } from './ingestion-store.embedded.js';
import { INGESTION_MIGRATIONS } from './ingestion.migrations.js';

const dirs: string[] = [];
const newDataDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'membolt-ingestion-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('IngestionStore: embedded (SQLite)', () => {
  it('keeps its data in DATA_DIR/ingestion.sqlite and applies each migration once across reopens', async () => {
    const dataDir = newDataDir();
    await openIngestionEmbeddedStore(dataDir).close();
    await openIngestionEmbeddedStore(dataDir).close();
    expect(existsSync(join(dataDir, 'ingestion.sqlite'))).toBe(true);
    const db = openEmbeddedDatabase(dataDir, 'ingestion');
    try {
      const applied = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all();
      expect(applied).toEqual(INGESTION_MIGRATIONS.map(({ version }) => ({ version })));
    } finally {
      db.close();
    }
  });
});
