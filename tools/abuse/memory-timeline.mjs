// A preload for the product's process that records, every 2 s, its RSS, V8 heap (committed and used, by space
// every 10 s), external memory and the worker threads alive, and each thread's start, first task kinds and end:
//   ABUSE_APP_NODE_OPTIONS=--import=$PWD/tools/abuse/memory-timeline.mjs ABUSE_ONLY=load ABUSE_SCALE=full \
//     NODE_OPTIONS=--experimental-vm-modules npx jest --selectProjects integration --runInBand tools/abuse
// One JSON line per reading in <tmpdir>/membolt-memory-timeline-<pid>.jsonl (one file per process the run
// starts; the product is spawned with a fixed environment, so the place cannot be set). Wall-clock times (UTC),
// so a line can be set beside the probe's own output. Diagnostics only: nothing in the product imports it.
import { appendFileSync, readFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import workerThreads, { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const out = join(tmpdir(), `membolt-memory-timeline-${process.pid}.jsonl`);
  const log = (entry) =>
    appendFileSync(out, `${JSON.stringify({ t: new Date().toISOString().slice(11, 19), ...entry })}\n`);
  const mb = (bytes) => Math.round(bytes / 1048576);
  const rssMb = () =>
    mb(Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024);
  const spaces = () =>
    Object.fromEntries(
      v8
        .getHeapSpaceStatistics()
        .filter((space) => space.space_size > 0)
        .map((space) => [space.space_name, `${mb(space.space_size)}/${mb(space.space_used_size)}`]),
    );
  const alive = new Map();
  let started = 0;
  // Each thread is named by the kinds of the tasks posted to it (`{ id, task: { kind } }`, CpuWorkerThread).
  const Original = workerThreads.Worker;
  workerThreads.Worker = class extends Original {
    constructor(script, options) {
      super(script, options);
      const id = ++started;
      const kinds = new Set();
      alive.set(id, '');
      log({ event: 'thread-start', id, script: String(script).split('/').slice(-2).join('/') });
      this.once('exit', (code) => {
        alive.delete(id);
        log({ event: 'thread-end', id, code, kinds: [...kinds] });
      });
      const post = this.postMessage.bind(this);
      this.postMessage = (message, transfer) => {
        const kind = message?.task?.kind ?? 'other';
        if (!kinds.has(kind)) {
          kinds.add(kind);
          alive.set(id, [...kinds].join('+'));
        }
        return post(message, transfer);
      };
    }
  };
  syncBuiltinESMExports();
  let readings = 0;
  setInterval(() => {
    const memory = process.memoryUsage();
    log({
      rss: rssMb(),
      heapTotal: mb(memory.heapTotal),
      heapUsed: mb(memory.heapUsed),
      external: mb(memory.external),
      arrayBuffers: mb(memory.arrayBuffers),
      threads: [...alive.values()],
      ...(++readings % 5 === 0 ? { spaces: spaces() } : {}),
    });
  }, 2_000).unref();
}
