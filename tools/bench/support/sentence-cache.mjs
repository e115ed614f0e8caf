// The sentence encoder's vectors of a bench's texts, kept in the temporary directory between runs: they are a
// pure function of the texts, and encoding thousands of them takes minutes on a loaded machine. Never read by
// the product.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Each text's vector, in order: read from `membolt-<label>-use-lite-<hash of the texts>.f32`, else encoded. */
export async function encodeCached(encoder, texts, label) {
  const digest = createHash('sha256').update(texts.join('\u0000')).digest('hex').slice(0, 16);
  const cacheFile = join(tmpdir(), `membolt-${label}-use-lite-${digest}.f32`);
  if (existsSync(cacheFile)) {
    const flat = new Float32Array(readFileSync(cacheFile).buffer.slice(0));
    const width = flat.length / texts.length;
    return texts.map((_, i) => flat.subarray(i * width, (i + 1) * width));
  }
  const all = await encoder.encode(texts);
  const width = all[0]?.length ?? 0;
  const flat = new Float32Array(texts.length * width);
  all.forEach((v, i) => flat.set(v, i * width));
  writeFileSync(cacheFile, Buffer.from(flat.buffer));
  return all;
}
