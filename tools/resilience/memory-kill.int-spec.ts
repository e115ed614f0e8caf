import { afterAll, describe, expect, it } from '@jest/globals';
import { createContractClient, startNatsServer, type TestNatsServer } from '@membolt/bus/testing';
import { MemorySubjects } from '@membolt/contracts';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppProcess, eventually, spawnApp } from '../e2e/support/app-process.js';

const USER = { userId: 'kill-user' };
const ANN_MIN = 60;
const WRITERS = 4;

/** A word no other memory of the run holds, so a search for it has one right answer. */
const uniqueWord = (n: number): string =>
  Array.from(String(n).padStart(5, '0'), (digit) => 'qwertyuiop'[Number(digit)]).join('') + 'zx';

/**
 * The memory service on its embedded store, killed with SIGKILL while writers are in flight: every write it
 * acknowledged is there after a restart on the same data, and the ANN index (a cache of SQLite, saved off
 * the request path) is repaired so the memories written after its last snapshot are found by vector.
 */
describe('resilience, memory: kill -9 under concurrent writes', () => {
  let nats: TestNatsServer;
  let client: Awaited<ReturnType<typeof createContractClient>>;
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-memory-kill-'));
  const started: AppProcess[] = [];

  afterAll(async () => {
    await Promise.all(started.map((proc) => proc.stop()));
    await client?.close();
    await nats?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged memory and repairs the ANN index', async () => {
    nats = await startNatsServer();
    client = await createContractClient(
      { transport: 'nats', servers: nats.url, name: 'memory-kill-test' },
      10_000,
    );
    const env = {
      NATS_URL: nats.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      BUS_TIMEOUT_MS: '10000',
      MEMORY_ANN_MIN: String(ANN_MIN),
      EMBEDDING_DIMENSION: '256',
    };
    const start = async (): Promise<AppProcess> => {
      const proc = spawnApp('memory', env);
      started.push(proc);
      await proc.waitForOutput(/listening on NATS/, 60_000);
      return proc;
    };
    const { bus } = client;

    let app = await start();
    const acknowledged = new Map<string, string>();
    let sequence = 0;
    let stop = false;
    const writer = async (): Promise<void> => {
      while (!stop) {
        const n = sequence++;
        try {
          if (n % 3 === 0) {
            const items = [0, 1, 2].map((i) => ({ text: `batch note ${uniqueWord(n * 10 + i)}` }));
            const batch = await bus.request(MemorySubjects.createBatch, { memories: items }, USER);
            batch.memories.forEach((m) => acknowledged.set(m.id, m.text));
          } else {
            const memory = await bus.request(
              MemorySubjects.create,
              { text: `note ${uniqueWord(n * 10)}` },
              USER,
            );
            acknowledged.set(memory.id, memory.text);
          }
        } catch {
          // Unanswered (the process died with the write in flight): not acknowledged, not counted.
          if (!app.alive()) return;
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, () => writer());

    // Past the threshold the scope is searched through the ANN index, whose snapshot is saved off the
    // request path; writes keep coming after it, so the kill leaves rows the snapshot does not hold.
    await eventually(async () => acknowledged.size >= ANN_MIN + 20, 60_000, 'enough memories');
    // The index is built in the background (searches scan exactly meanwhile).
    await eventually(
      async () =>
        (await bus.request(MemorySubjects.search, { query: 'note', limit: 1 }, USER)).strategy === 'ann',
      60_000,
      'the ANN index',
    );
    const annDir = join(dataDir, 'memory-ann');
    await eventually(
      async () => existsSync(annDir) && readdirSync(annDir).some((f) => f.endsWith('.json')),
      30_000,
      'an ANN snapshot',
    );
    const atSnapshot = acknowledged.size;
    await eventually(async () => acknowledged.size >= atSnapshot + 30, 60_000, 'writes after the snapshot');
    await app.kill();
    stop = true;
    await Promise.all(writers);
    const written = new Map(acknowledged);

    app = await start();
    const missing: string[] = [];
    for (const id of written.keys()) {
      try {
        await bus.request(MemorySubjects.get, { memoryId: id }, USER);
      } catch {
        missing.push(id);
      }
    }
    expect(missing).toEqual([]);
    expect((await bus.request(MemorySubjects.stats, {}, USER)).memoryCount).toBeGreaterThanOrEqual(
      written.size,
    );
    // The duplicate fingerprint is committed with its row: the same words written again after the restart
    // are answered with the acknowledged memory, not stored a second time.
    for (const [id, text] of [...written.entries()].slice(-5)) {
      const again = await bus.request(
        MemorySubjects.create,
        { text: text.toUpperCase(), dedupe: true },
        USER,
      );
      expect({ id: again.id, deduplicated: again.deduplicated }).toEqual({ id, deduplicated: true });
    }

    // The newest acknowledged memories were written after the snapshot: the repaired index finds them by
    // vector (a semantic score means the dense channel returned them, not only the keyword one).
    await eventually(
      async () =>
        (await bus.request(MemorySubjects.search, { query: 'note', limit: 1 }, USER)).strategy === 'ann',
      60_000,
      'the repaired ANN index',
    );
    const newest = [...written.entries()].slice(-10);
    for (const [id, text] of newest) {
      const found = await bus.request(MemorySubjects.search, { query: text, limit: 5 }, USER);
      expect(found.strategy).toBe('ann');
      const hit = found.results.find((r) => r.memory.id === id);
      expect(hit?.scores.semantic).toBeGreaterThan(0.9);
    }
    console.log(
      `memory kill -9: ${written.size} acknowledged before the kill (${atSnapshot} at the first snapshot), all present after restart`,
    );
    // Its waits add up to minutes on a loaded machine: the global 60 s would end it before they do.
  }, 600_000);
});
