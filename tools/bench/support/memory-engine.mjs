// The memory engine as the benchmarks drive it without HTTP or the bus: the built MemoryService over the
// embedded store on a DATA_DIR, with the offline embedder, the concept linker, the write-time privacy
// screening (its default keyword classifier) and the categories, as the app wires them.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { ROOT } from './standalone-process.mjs';

/**
 * Opens the engine on `dataDir`: `dimension` of the offline embedder (the wire dimension by default),
 * `annMinVectors`, `events` (the service's change events; the bus in the product), `root` (the built
 * checkout whose dist is loaded: this one by default, another build for a comparison in one run), `clock`
 * (the system clock by default) and `conceptWorker` (true: concepts extracted in the memory worker thread, as
 * the app does, with room to settle a seeded scope before timing; false: in this process). Answers the parts
 * (`openMemoryStore` among them, for a second store on the same directory), `serviceOf(Service)`, which
 * builds a MemoryService class (this build's, or another build's) over those same parts, and `close()`.
 */
export async function openMemoryEngine(
  dataDir,
  { dimension, annMinVectors, events, root = ROOT, clock, conceptWorker = false },
) {
  const dist = (path) => import(pathToFileURL(join(root, path)).href);
  const [
    { MemoryService },
    { openMemoryStore },
    { MemoryConceptLinker },
    { createEmbedder },
    { systemClock },
    { PrivacyPolicyService },
    { KeywordSpecialCategoryClassifier, SensitiveDataScanner },
    { MemoryCategoryService },
    { MemoryCpuWorker },
    { DEFAULT_EMBEDDING_DIMENSION, DEFAULT_MEMORY_METADATA_MAX_DEPTH, DEFAULT_MEMORY_METADATA_MAX_KEYS },
  ] = await Promise.all([
    dist('libs/memory/dist/memory.service.js'),
    dist('libs/memory/dist/memory.store.js'),
    dist('libs/memory/dist/memory-concept.linker.js'),
    dist('libs/memory/dist/embedders/create-embedder.js'),
    dist('libs/platform/dist/index.js'),
    dist('libs/memory/dist/privacy/privacy-policy.service.js'),
    dist('libs/privacy/dist/index.js'),
    dist('libs/memory/dist/categories/memory-category.service.js'),
    dist('libs/memory/dist/workers/memory-cpu-worker.js'),
    dist('libs/contracts/dist/index.js'),
  ]);
  const time = clock ?? systemClock;
  const embedder = await createEmbedder({
    kind: 'offline',
    dimension: dimension ?? DEFAULT_EMBEDDING_DIMENSION,
  });
  const settings = {
    dimension: embedder.dimension,
    annMinVectors,
    metadataLimits: {
      maxKeys: DEFAULT_MEMORY_METADATA_MAX_KEYS,
      maxDepth: DEFAULT_MEMORY_METADATA_MAX_DEPTH,
    },
  };
  const store = await openMemoryStore({ kind: 'embedded', dataDir }, settings);
  const worker = conceptWorker ? new MemoryCpuWorker() : null;
  const linker = worker
    ? new MemoryConceptLinker(
        store,
        { extract: (texts) => worker.concepts(texts) },
        { conceptSettleMs: 600_000 },
      )
    : new MemoryConceptLinker(store);
  const privacy = new PrivacyPolicyService(
    store,
    new SensitiveDataScanner(new KeywordSpecialCategoryClassifier()),
    time,
  );
  const serviceOf = (Service) =>
    new Service(
      store,
      embedder,
      time,
      events ?? { changed: async () => {} },
      settings,
      linker,
      privacy,
      new MemoryCategoryService(store, time),
    );
  const close = async () => {
    await linker.beforeApplicationShutdown();
    await store.close();
    await worker?.close();
  };
  return {
    service: serviceOf(MemoryService),
    serviceOf,
    store,
    embedder,
    linker,
    settings,
    openMemoryStore,
    close,
  };
}
