import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import { CLOCK, systemClock } from '@membolt/platform';
import { MemoryHandlers } from './memory.handlers.js';
import type { MemoryModuleOptions } from './memory.options.js';
import { MemoryService } from './memory.service.js';
import { openMemoryStore } from './memory.store.js';
import { MEMORY_STORE, type MemoryStore } from './ports/memory-store.js';

/** The memory service. It answers its health probe and account deletion over the bus. */
@Module({})
export class MemoryModule implements OnApplicationShutdown {
  constructor(@Inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  static forRoot(options: MemoryModuleOptions): DynamicModule {
    return {
      module: MemoryModule,
      controllers: [MemoryHandlers, createHealthController('memory')],
      providers: [
        {
          provide: MEMORY_STORE,
          useFactory: () => openMemoryStore(options.store, { dimension: 1536, annMinVectors: 5000 }),
        },
        { provide: CLOCK, useValue: systemClock },
        MemoryService,
      ],
    };
  }

  // Runs after the bus server has stopped taking requests, so no handler is still using the store.
  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
