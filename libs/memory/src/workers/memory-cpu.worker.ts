// The entry of the memory service's CPU worker thread (see memory-cpu-worker.ts): it answers one message at a
// time, in the order they come, so the serving event loop only posts texts and reads answers.
import { parentPort } from 'node:worker_threads';
import { HashedTfidfEmbedder } from '../embedders/hashed-tfidf.embedder.js';
import type { UseLiteSentenceEncoder } from '../embedders/use-lite.sentence-encoder.js';
import type { CpuTask, CpuTaskAnswer } from './cpu-task.js';

const embedders = new Map<number, HashedTfidfEmbedder>();
// Loaded at the first concept task: a thread that only embeds starts without compromise.
let concepts: typeof import('../retrieval/concepts.js') | null = null;
// Loaded at the first sentence task: a thread that never encodes sentences never loads the model.
let sentences: UseLiteSentenceEncoder | null = null;

async function run(task: CpuTask): Promise<CpuTaskAnswer> {
  switch (task.kind) {
    case 'concepts': {
      concepts ??= await import('../retrieval/concepts.js');
      const { extractConcepts } = concepts;
      return { ok: true, kind: 'concepts', concepts: task.texts.map((text) => extractConcepts(text)) };
    }
    case 'embed': {
      const embedder = embedders.get(task.dimension) ?? new HashedTfidfEmbedder(task.dimension);
      embedders.set(task.dimension, embedder);
      // One buffer for every vector, handed over without a copy.
      const vectors = new Float32Array(task.texts.length * task.dimension);
      task.texts.forEach((text, index) => vectors.set(embedder.embedOne(text), index * task.dimension));
      return { ok: true, kind: 'embed', vectors };
    }
    case 'sentences': {
      if (!sentences) {
        const { UseLiteSentenceEncoder } = await import('../embedders/use-lite.sentence-encoder.js');
        sentences = new UseLiteSentenceEncoder();
      }
      const dimension = sentences.dimension;
      const vectors = new Float32Array(task.texts.length * dimension);
      (await sentences.encode(task.texts)).forEach((vector, index) => vectors.set(vector, index * dimension));
      return { ok: true, kind: 'sentences', dimension, vectors };
    }
  }
}

parentPort?.on('message', async ({ id, task }: { id: number; task: CpuTask }) => {
  let answer: CpuTaskAnswer;
  try {
    answer = await run(task);
  } catch (error) {
    answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const transfer =
    answer.ok && (answer.kind === 'embed' || answer.kind === 'sentences')
      ? [answer.vectors.buffer as ArrayBuffer]
      : [];
  parentPort?.postMessage({ id, answer }, transfer);
});
