/**
 * The one way a vector of another size becomes a vector of the configured dimension (the wire keeps its
 * `EMBEDDING_DIMENSION` numbers, 1536 by default, whatever the model answers):
 *
 * - shorter: zero-padded at the end. Cosine between two padded vectors is unchanged.
 * - longer: folded with a fixed signed hash (a count sketch): number `i` is added, with the sign
 *   `signOf(i)`, to position `i mod dimension`. Inner products are preserved in expectation and every
 *   number contributes (truncation would drop the tail of models that are not Matryoshka-trained).
 * - then L2-normalised, so the dot product of two fitted vectors is their cosine.
 *
 * Providers that can answer the configured size themselves (OpenAI `dimensions`, Gemini
 * `outputDimensionality`) are asked for it, and this only normalises.
 */
export function fitDimension(vector: ArrayLike<number>, dimension: number): Float32Array {
  const out = new Float32Array(dimension);
  if (vector.length <= dimension) {
    for (let i = 0; i < vector.length; i++) out[i] = vector[i];
  } else {
    for (let i = 0; i < vector.length; i++) {
      const position = i % dimension;
      // The first `dimension` numbers keep their place and sign, so a fold of a vector that was merely
      // zero-extended gives the vector back.
      out[position] += i < dimension ? vector[i] : signOf(i) * vector[i];
    }
  }
  return normalize(out);
}

/** Scales a vector to unit length in place (a zero vector stays zero) and returns it. */
export function normalize(vector: Float32Array): Float32Array {
  let norm = 0;
  for (let i = 0; i < vector.length; i++) norm += vector[i] * vector[i];
  if (norm > 0 && Number.isFinite(norm)) {
    const scale = 1 / Math.sqrt(norm);
    for (let i = 0; i < vector.length; i++) vector[i] *= scale;
  }
  return vector;
}

/** A fixed pseudo-random sign per position (integer hash; the same on every machine). */
function signOf(index: number): 1 | -1 {
  let x = Math.imul(index ^ 0x9e3779b9, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x & 1 ? 1 : -1;
}
