import { type DynamicModule, Module } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import type { StoreConfig } from '@membolt/platform';

export interface IdentityModuleOptions {
  readonly store: StoreConfig;
}

/** The identity service. It answers its health probe; its capabilities arrive with their issues. */
@Module({})
export class IdentityModule {
  static forRoot(_options: IdentityModuleOptions): DynamicModule {
    return { module: IdentityModule, controllers: [createHealthController('identity')] };
  }
}
