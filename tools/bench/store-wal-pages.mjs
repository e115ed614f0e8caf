// node tools/bench/store-wal-pages.mjs [--root DIR] — which tables and indexes a commit of new memories writes:
// the embedded memory store (`openMemoryEmbeddedStore` of DIR's build, default this checkout) is filled with
// BENCH_WAL_WARM (30,000) records as store-write.bench.mjs makes them (one scope, sparse vectors of 150 of
// 1,536 components) in transactions of 1,000, its WAL checkpointed and emptied, automatic checkpoints turned
// off; then 40 transactions of BENCH_WAL_SLICE (1,000) rows are written and each WAL frame's page number is
// mapped to its B-tree through SQLite's `dbstat`. Prints the pages a commit writes, by B-tree. Counts, not
// times: the load does not change them. Used for decision 266's table.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { ROOT } from './support/standalone-process.mjs';
import { storeBenchOf } from './support/store-records.mjs';

const WARM = Number(process.env.BENCH_WAL_WARM ?? 30_000);
const SLICE = Number(process.env.BENCH_WAL_SLICE ?? 1000);
const COMMITS = 40;
for (const [name, value] of [
  ['BENCH_WAL_WARM', WARM],
  ['BENCH_WAL_SLICE', SLICE],
]) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive integer`);
    process.exit(64);
  }
}
const args = process.argv.slice(2);
const rootAt = args.indexOf('--root');
const root = rootAt >= 0 && args[rootAt + 1] ? resolve(args[rootAt + 1]) : ROOT;

const total = WARM + COMMITS * SLICE;
const { scope, records, openStore } = await storeBenchOf(root, total);
const dir = mkdtempSync(join(tmpdir(), 'membolt-bench-wal-'));
const store = openStore(dir);
try {
  // The repository's connection: the checkpoint settings are the connection's own.
  const db = store.memories.db;
  for (let at = 0; at < WARM; at += 1000)
    await store.memories.insertMany(scope, records.slice(at, at + 1000));
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('wal_autocheckpoint = 0');
  for (let at = WARM; at < total; at += SLICE)
    await store.memories.insertMany(scope, records.slice(at, at + SLICE));
  const wal = readFileSync(join(dir, 'memory.sqlite-wal'));
  const pageSize = wal.readUInt32BE(8);
  const owner = new Map(
    db
      .prepare('SELECT pageno, name FROM dbstat')
      .all()
      .map((row) => [row.pageno, row.name]),
  );
  const counts = new Map();
  let frames = 0;
  // A WAL file: a 32-byte header, then frames of a 24-byte header (the page number first) and the page.
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
    const name = owner.get(wal.readUInt32BE(at)) ?? '(free or new)';
    counts.set(name, (counts.get(name) ?? 0) + 1);
    frames++;
  }
  console.log(
    `${root}: ${SLICE} rows a commit after ${WARM}: ${(frames / COMMITS).toFixed(1)} pages a commit, ${(frames / COMMITS / SLICE).toFixed(2)} a row`,
  );
  console.table(
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([name, n]) => ({ 'B-tree': name, 'pages a commit': Number((n / COMMITS).toFixed(1)) })),
  );
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
