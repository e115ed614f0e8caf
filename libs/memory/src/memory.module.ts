import { type DynamicModule, Module } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import type { StoreConfig } from '@membolt/platform';
import { MemoryUserDataHandlers } from './memory-user-data.handlers.js';

export interface MemoryModuleOptions {
  readonly store: StoreConfig;
}

/** The memory service. It answers its health probe and account deletion; its capabilities arrive with their issues. */
@Module({})
export class MemoryModule {
  static forRoot(_options: MemoryModuleOptions): DynamicModule {
    return { module: MemoryModule, controllers: [MemoryUserDataHandlers, createHealthController('memory')] };
  }
}
