export { DiagnosticsController } from './diagnostics.controller.js';
export { MemoriesController } from './memories.controller.js';
export { EmbeddingsController, MemoryQueriesController } from './memory-queries.controller.js';
export { MemoryTransferService } from './memory-transfer.service.js';
export { MemoryErasureService } from './memory-erasure.service.js';
