import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import { CLOCK, systemClock } from '@membolt/platform';
import { IngestionHandlers } from './ingestion.handlers.js';
import type { IngestionModuleOptions } from './ingestion.options.js';
import { IngestionService } from './ingestion.service.js';
import { openIngestionStore } from './ingestion.store.js';
import { INGESTION_STORE, type IngestionStore } from './ports/ingestion-store.js';

/** The ingestion service. It answers its health probe and account deletion over the bus. */
@Module({})
export class IngestionModule implements OnApplicationShutdown {
  constructor(@Inject(INGESTION_STORE) private readonly store: IngestionStore) {}

  static forRoot(options: IngestionModuleOptions): DynamicModule {
    return {
      module: IngestionModule,
      controllers: [IngestionHandlers, createHealthController('ingestion')],
      providers: [
        { provide: INGESTION_STORE, useFactory: () => openIngestionStore(options.store) },
        { provide: CLOCK, useValue: systemClock },
        IngestionService,
      ],
    };
  }

  // Runs after the bus server has stopped taking requests, so no handler is still using the store.
  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
