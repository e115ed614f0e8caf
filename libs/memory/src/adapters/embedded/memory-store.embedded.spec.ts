import { afterAll, describe, expect, it } from '@jest/globals';
import { openEmbeddedDatabase } from '@membolt/embedded-store';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMemoryEmbeddedStore } from './memory-store.embedded.js';
import { MEMORY_MIGRATIONS } from './memory.migrations.js';

const dirs: string[] = [];
const newDataDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'membolt-memory-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('MemoryStore: embedded (SQLite)', () => {
  it('keeps its data in DATA_DIR/memory.sqlite and applies each migration once across reopens', async () => {
    const dataDir = newDataDir();
    await openMemoryEmbeddedStore(dataDir, { dimension: 8, annMinVectors: 5000 }).close();
    await openMemoryEmbeddedStore(dataDir, { dimension: 8, annMinVectors: 5000 }).close();
    expect(existsSync(join(dataDir, 'memory.sqlite'))).toBe(true);
    const db = openEmbeddedDatabase(dataDir, 'memory');
    try {
      const applied = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all();
      expect(applied).toEqual(MEMORY_MIGRATIONS.map(({ version }) => ({ version })));
    } finally {
      db.close();
    }
  });
});
