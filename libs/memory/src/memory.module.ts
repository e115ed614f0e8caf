import { type DynamicModule, Module } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import type { StoreConfig } from '@membolt/platform';

export interface MemoryModuleOptions {
  readonly store: StoreConfig;
}

/** The memory service. It answers its health probe; its capabilities arrive with their issues. */
@Module({})
export class MemoryModule {
  static forRoot(_options: MemoryModuleOptions): DynamicModule {
    return { module: MemoryModule, controllers: [createHealthController('memory')] };
  }
}
