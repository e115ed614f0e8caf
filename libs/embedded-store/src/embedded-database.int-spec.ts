import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PROCESSES = 4;
const ROUNDS = 5;

/**
 * One process that opens `shared.sqlite` in `dir` at `startAt` (all processes of a round at the same
 * moment) and applies three migrations, as each replica of a service does on start; the first takes 200 ms.
 * Prints the versions it ran as JSON.
 */
const MIGRATING_PROCESS = `
  import { migrate, openEmbeddedDatabase } from '@membolt/embedded-store';
  const [dir, startAt] = process.argv.slice(1);
  while (Date.now() < Number(startAt)) {}
  const db = openEmbeddedDatabase(dir, 'shared');
  const ran = migrate(db, [
    // A migration that takes a while (a large table rewritten, say): the others start meanwhile.
    { version: 1, name: 'notes', up: (d) => {
      d.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
      const until = Date.now() + 200;
      while (Date.now() < until) {}
    } },
    { version: 2, name: 'tags', up: (d) => d.exec('CREATE TABLE tags (note_id INTEGER, tag TEXT)') },
    { version: 3, name: 'by tag', up: (d) => d.exec('CREATE INDEX tags_by_tag ON tags (tag)') },
  ]);
  db.close();
  process.stdout.write(JSON.stringify(ran));
`;

function runMigratingProcess(dir: string, startAt: number): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', MIGRATING_PROCESS, dir, String(startAt)],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('migrate with several processes on one file', () => {
  it('applies each migration exactly once when replicas start at the same moment, and none fails', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const dir = mkdtempSync(join(tmpdir(), 'membolt-migrate-race-'));
      try {
        // Node's start-up takes a few hundred ms on a loaded machine; every process waits for the same moment.
        const startAt = Date.now() + 1_500;
        const results = await Promise.all(
          Array.from({ length: PROCESSES }, () => runMigratingProcess(dir, startAt)),
        );
        for (const result of results) expect(result).toEqual({ code: 0, out: expect.stringMatching(/^\[/) });
        const ran = results.flatMap((result) => JSON.parse(result.out) as number[]).sort();
        expect(ran).toEqual([1, 2, 3]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }, 120_000);
});
