import { type DynamicModule, Module } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import type { StoreConfig } from '@membolt/platform';

export interface KeysModuleOptions {
  readonly store: StoreConfig;
}

/** The keys service. It answers its health probe; its capabilities arrive with their issues. */
@Module({})
export class KeysModule {
  static forRoot(_options: KeysModuleOptions): DynamicModule {
    return { module: KeysModule, controllers: [createHealthController('keys')] };
  }
}
