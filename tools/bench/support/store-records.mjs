// The embedded memory store of a built checkout and the records the store benches write to it: one scope,
// import records made by that checkout's own `MemoryRecordBuilder` (so its own ids), each with a sparse vector
// of 150 of 1,536 components, as the offline embedder's. The store is opened with its ANN index out of reach,
// so it starts no worker thread and a child's CPU clock is the store's own work.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const DIMENSION = 1536;
const NON_ZERO = 150;
const topics = ['tea', 'hiking', 'Berlin', 'piano', 'sourdough', 'cycling', 'Lisbon', 'chess', 'orchids'];

/** `count` records of one scope built by `root`'s builder, and that build's store opener. */
export async function storeBenchOf(root, count) {
  const fromDist = (path) => import(pathToFileURL(join(root, 'libs/memory/dist', path)).href);
  const { MemoryRecordBuilder } = await fromDist('domain/memory-records.js');
  const { openMemoryEmbeddedStore } = await fromDist('adapters/embedded/memory-store.embedded.js');
  let next = 0;
  const embedder = {
    model: 'bench-sparse',
    dimension: DIMENSION,
    embed: async (texts) =>
      texts.map(() => {
        const vector = new Float32Array(DIMENSION);
        const at = next++;
        for (let k = 0; k < NON_ZERO; k++) vector[(at * 7 + k * 10) % DIMENSION] = 1 / Math.sqrt(NON_ZERO);
        return vector;
      }),
  };
  const builder = new MemoryRecordBuilder(embedder, {
    dimension: DIMENSION,
    metadataLimits: { maxKeys: 50, maxDepth: 5 },
  });
  const scope = { userId: 'bench-user', endUserId: 'bench-scope' };
  const records = await builder.newRecords(
    scope,
    Array.from({ length: count }, (_, i) => ({
      id: `line-${i}`,
      text: `Note ${i}: the user mentioned ${topics[i % topics.length]} and ${topics[(i * 7) % topics.length]} on day ${i % 31}.`,
      redactions: [],
    })),
    new Date(),
    true,
  );
  return {
    scope,
    records,
    openStore: (dir) =>
      openMemoryEmbeddedStore(dir, { dimension: DIMENSION, annMinVectors: Number.MAX_SAFE_INTEGER }),
  };
}
