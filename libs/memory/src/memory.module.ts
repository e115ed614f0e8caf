import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import { CLOCK, systemClock } from '@membolt/platform';
import { BusMemoryEvents } from './adapters/bus/bus-memory-events.js';
import { createEmbedder } from './embedders/create-embedder.js';
import { MemoryConceptLinker } from './memory-concept.linker.js';
import { MemoryHandlers } from './memory.handlers.js';
import { MEMORY_SETTINGS, type MemoryModuleOptions, resolveMemorySettings } from './memory.options.js';
import { MemoryService } from './memory.service.js';
import { openMemoryStore } from './memory.store.js';
import { EMBEDDER } from './ports/embedder.js';
import { MEMORY_EVENTS } from './ports/memory-events.js';
import { MEMORY_STORE, type MemoryStore } from './ports/memory-store.js';

/** The memory service: memories, their vectors and keywords, hybrid search, history and the concept graph. */
@Module({})
export class MemoryModule implements OnApplicationShutdown {
  constructor(@Inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  static forRoot(options: MemoryModuleOptions): DynamicModule {
    const settings = resolveMemorySettings(options);
    return {
      module: MemoryModule,
      controllers: [MemoryHandlers, createHealthController('memory')],
      providers: [
        { provide: MEMORY_SETTINGS, useValue: settings },
        { provide: MEMORY_STORE, useFactory: () => openMemoryStore(options.store, settings, options.qdrant) },
        { provide: CLOCK, useValue: systemClock },
        { provide: EMBEDDER, useFactory: () => createEmbedder(options.embedder) },
        { provide: MEMORY_EVENTS, useClass: BusMemoryEvents },
        MemoryConceptLinker,
        MemoryService,
      ],
    };
  }

  // Runs after the bus server has stopped taking requests, so no handler is still using the store.
  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
