// The memory engine as the benchmarks drive it without HTTP or the bus: the built MemoryService over the
// embedded store on a DATA_DIR, with the offline embedder, the concept linker, the write-time privacy
// screening (its default keyword classifier) and the categories, as the app wires them.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { ROOT } from './standalone-process.mjs';

const dist = (path) => import(pathToFileURL(join(ROOT, path)).href);

/**
 * Opens the engine on `dataDir`: `dimension` of the offline embedder (the wire dimension by default),
 * `annMinVectors`, and `events` (the service's change events; the bus in the product). Answers the parts
 * (`openMemoryStore` among them, for a second store on the same directory) and `serviceOf(Service)`, which builds a MemoryService class (this build's, or another build's for a
 * comparison in the same run) over those same parts.
 */
export async function openMemoryEngine(dataDir, { dimension, annMinVectors, events }) {
  const [
    { MemoryService },
    { openMemoryStore },
    { MemoryConceptLinker },
    { createEmbedder },
    { systemClock },
    { PrivacyPolicyService },
    { KeywordSpecialCategoryClassifier, SensitiveDataScanner },
    { MemoryCategoryService },
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
    dist('libs/contracts/dist/index.js'),
  ]);
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
  const linker = new MemoryConceptLinker(store);
  const privacy = new PrivacyPolicyService(
    store,
    new SensitiveDataScanner(new KeywordSpecialCategoryClassifier()),
    systemClock,
  );
  const serviceOf = (Service) =>
    new Service(
      store,
      embedder,
      systemClock,
      events,
      settings,
      linker,
      privacy,
      new MemoryCategoryService(store, systemClock),
    );
  return { service: serviceOf(MemoryService), serviceOf, store, embedder, linker, settings, openMemoryStore };
}
