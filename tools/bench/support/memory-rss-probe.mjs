// What one build's memory search keeps resident, measured in a process of its own: the engine opened on a
// DATA_DIR with this checkout's store and embedder, a MemoryService of the named build (this one by default)
// over them, the large user searched until its ANN index answers and then 200 times, every given small user
// searched twice; then the process's RSS, V8 heap and external memory. Two builds measured this way over the
// same store differ by what their search loads (lexicons, models, caches), which a shared process hides.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

import { openMemoryEngine } from './memory-engine.mjs';
import { ROOT } from './standalone-process.mjs';

const mb = (bytes) => Math.round(bytes / 1024 / 1024);

/**
 * Runs the probe in a child process: `dataDir` (closed by every other opener meanwhile), `serviceRoot` (a
 * built checkout whose MemoryService searches; this one when undefined), `dimension`, `annMinVectors`,
 * `waitForAnn` (the large user holds enough memories for an ANN index), `bigUserId`, `smallUserIds`,
 * `queries`. Answers `{ rss, heapUsed, external }` in MB.
 */
export async function measureProcessRss(options) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [fileURLToPath(import.meta.url), JSON.stringify(options)],
    { cwd: ROOT, maxBuffer: 1024 * 1024, env: process.env },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1));
}

async function probe({
  dataDir,
  serviceRoot,
  dimension,
  annMinVectors,
  waitForAnn,
  bigUserId,
  smallUserIds,
  queries,
}) {
  const engine = await openMemoryEngine(dataDir, { dimension, annMinVectors });
  const service = serviceRoot
    ? engine.serviceOf(
        (await import(pathToFileURL(join(serviceRoot, 'libs/memory/dist/memory.service.js')).href))
          .MemoryService,
      )
    : engine.service;
  const search = (userId, i) => service.search(userId, { query: queries[i % queries.length], limit: 10 });
  const deadline = Date.now() + 30 * 60_000;
  while (waitForAnn && (await search(bigUserId, 0)).strategy !== 'ann') {
    if (Date.now() > deadline) throw new Error('The ANN index was not ready after 30 min');
    await engine.store.search.whenIndexed?.();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await engine.store.search.whenIndexed?.();
  for (let i = 0; i < 200; i++) await search(bigUserId, i);
  for (let round = 0; round < 2; round++)
    for (const [i, userId] of smallUserIds.entries()) await search(userId, i + round);
  const usage = process.memoryUsage();
  await engine.close();
  return { rss: mb(usage.rss), heapUsed: mb(usage.heapUsed), external: mb(usage.external) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await import('reflect-metadata');
  console.log(JSON.stringify(await probe(JSON.parse(process.argv[2]))));
}
