import { type DynamicModule, Module } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import type { StoreConfig } from '@membolt/platform';
import { IngestionUserDataHandlers } from './ingestion-user-data.handlers.js';

export interface IngestionModuleOptions {
  readonly store: StoreConfig;
}

/** The ingestion service. It answers its health probe and account deletion; its capabilities arrive with their issues. */
@Module({})
export class IngestionModule {
  static forRoot(_options: IngestionModuleOptions): DynamicModule {
    return {
      module: IngestionModule,
      controllers: [IngestionUserDataHandlers, createHealthController('ingestion')],
    };
  }
}
