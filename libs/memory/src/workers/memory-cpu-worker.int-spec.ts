import { afterEach, describe, expect, it } from '@jest/globals';
import { HashedTfidfEmbedder } from '../embedders/hashed-tfidf.embedder.js';
import { extractConcepts } from '../retrieval/concepts.js';
import { CpuWorkerLimitError, MemoryCpuWorker } from './memory-cpu-worker.js';

// Runs the compiled worker (libs/memory/dist, written by `npm run build:server`), as the product does.
const FIRST = 'Maria Costa moved from Lisbon to Berlin to work at Google.';
const SECOND = 'I water the tomatoes on Sundays with my sister Ana.';
const TEXTS = [FIRST, SECOND, ''];

describe('MemoryCpuWorker (worker thread with a heap cap and a deadline)', () => {
  const workers: MemoryCpuWorker[] = [];
  const make = (
    limits: { memoryMb: number; timeoutMs: number; idleMs?: number } = { memoryMb: 256, timeoutMs: 60_000 },
  ) => {
    const worker = new MemoryCpuWorker(limits);
    workers.push(worker);
    return worker;
  };
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.close()));
  });

  it('answers the same concepts and vectors as the code on the main thread, in order', async () => {
    const worker = make();
    const [concepts, vectors] = await Promise.all([worker.concepts(TEXTS), worker.embed(64, TEXTS)]);
    expect(concepts).toEqual(TEXTS.map((text) => extractConcepts(text)));
    const inline = new HashedTfidfEmbedder(64);
    expect(vectors.map((vector) => [...vector])).toEqual(TEXTS.map((text) => [...inline.embedOne(text)]));
  });

  it('starts no thread before its first task, ends it after idleMs without one, and starts one for the next', async () => {
    const worker = make({ memoryMb: 256, timeoutMs: 60_000, idleMs: 200 });
    expect(worker.running).toBe(false);
    expect(await worker.concepts([FIRST])).toEqual([extractConcepts(FIRST)]);
    expect(worker.running).toBe(true);
    // Ended some time after the idle delay (no upper bound on a loaded machine: polled until it is).
    while (worker.running) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await worker.concepts([SECOND])).toEqual([extractConcepts(SECOND)]);
    expect(worker.running).toBe(true);
  }, 60_000);

  it('ends the thread soon after its work when told the burst is over, and the usual wait comes back after', async () => {
    // idleMs of an hour: only endSoonAfterWork can end the thread within the test.
    const worker = make({ memoryMb: 256, timeoutMs: 60_000, idleMs: 3_600_000 });
    await worker.concepts([FIRST]);
    worker.endSoonAfterWork(100);
    while (worker.running) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await worker.concepts([SECOND])).toEqual([extractConcepts(SECOND)]);
    // The short wait was for that burst: the new thread stays.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(worker.running).toBe(true);
  }, 60_000);

  it('ends the thread as soon as its tasks asked to be kept for, and keeps it for the longest ask', async () => {
    // idleMs of an hour: only a task's own shorter keep can end the thread within the test.
    const worker = make({ memoryMb: 256, timeoutMs: 60_000, idleMs: 3_600_000 });
    await worker.concepts([FIRST], 100);
    const ended = Date.now() + 20_000;
    while (worker.running && Date.now() < ended) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(worker.running).toBe(false);
    // A task kept for the idle setting, then one kept briefly: the thread stays for the first one's ask.
    await worker.concepts([FIRST]);
    await worker.concepts([SECOND], 100);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(worker.running).toBe(true);
  }, 60_000);

  it('keeps the thread while tasks keep coming within idleMs', async () => {
    const worker = make({ memoryMb: 256, timeoutMs: 60_000, idleMs: 60_000 });
    await worker.concepts([FIRST]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(worker.running).toBe(true);
    expect(await worker.embed(64, [SECOND])).toHaveLength(1);
  });

  it('fails a task past its deadline for good with the reason, and the next task runs on a new thread', async () => {
    const worker = make({ memoryMb: 256, timeoutMs: 50 });
    const many = Array.from({ length: 5_000 }, (_, i) => `${FIRST} Note ${i}.`);
    const late = worker.concepts(many);
    await expect(late).rejects.toBeInstanceOf(CpuWorkerLimitError);
    await expect(late).rejects.toThrow(/deadline \(MEMORY_WORKER_TIMEOUT_SECONDS\)/);
    const fast = new MemoryCpuWorker({ memoryMb: 256, timeoutMs: 60_000 });
    workers.push(fast);
    expect(await fast.concepts([FIRST])).toEqual([extractConcepts(FIRST)]);
  }, 60_000);

  it('fails a task over the heap cap with the reason, and keeps serving the next task', async () => {
    const worker = make({ memoryMb: 32, timeoutMs: 120_000 });
    const huge = Array.from({ length: 200_000 }, (_, i) => `Maria went to Lisbon on day ${i}.`).join(' ');
    await expect(worker.concepts([huge])).rejects.toThrow(/MEMORY_WORKER_MEMORY_MB/);
    expect(await worker.concepts([SECOND])).toEqual([extractConcepts(SECOND)]);
  }, 180_000);
});
