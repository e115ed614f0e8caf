// The entry of the memory service's CPU worker thread (see memory-cpu-worker.ts): it answers one message at a
// time, in the order they come, so the serving event loop only posts texts and reads answers.
// The subpath, not the lib's index: a thread loads no more than it runs.
import { serveCpuTasks } from '@membolt/platform/workers';
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
      return { kind: 'concepts', concepts: task.texts.map((text) => extractConcepts(text)) };
    }
    case 'embed': {
      const embedder = embedders.get(task.dimension) ?? new HashedTfidfEmbedder(task.dimension);
      embedders.set(task.dimension, embedder);
      // One buffer for every vector, handed over without a copy.
      const vectors = new Float32Array(task.texts.length * task.dimension);
      task.texts.forEach((text, index) => vectors.set(embedder.embedOne(text), index * task.dimension));
      return { kind: 'embed', vectors };
    }
    case 'sentences': {
      if (!sentences) {
        const { UseLiteSentenceEncoder } = await import('../embedders/use-lite.sentence-encoder.js');
        sentences = new UseLiteSentenceEncoder();
      }
      const dimension = sentences.dimension;
      const vectors = new Float32Array(task.texts.length * dimension);
      (await sentences.encode(task.texts)).forEach((vector, index) => vectors.set(vector, index * dimension));
      return { kind: 'sentences', dimension, vectors };
    }
  }
}

// The vectors' buffers are handed over without a copy.
serveCpuTasks(run, (answer) => (answer.kind === 'concepts' ? [] : [answer.vectors.buffer as ArrayBuffer]));
