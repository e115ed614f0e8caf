export { DiagnosticsController } from './diagnostics.controller.js';
export { MemoriesController } from './memories.controller.js';
export { EmbeddingsController, MemoryQueriesController } from './memory-queries.controller.js';
export { MemoryTransferService } from './memory-transfer.service.js';
export { MemoryAddService } from './memory-add.service.js';
export { MemoryBulkController } from './memory-bulk.controller.js';
export { MemoryBatchService } from './memory-batch.service.js';
export { MemoryLearningService } from './memory-learning.service.js';
export { MemoryErasureService } from './memory-erasure.service.js';
