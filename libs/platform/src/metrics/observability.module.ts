import { type DynamicModule, Module } from '@nestjs/common';
import { READINESS, type Readiness } from '../health/readiness.js';
import { METRICS, type Metrics } from './metrics.js';

/**
 * Makes the process's Metrics and Readiness injectable everywhere (`@Inject(METRICS)`, `@Inject(READINESS)`):
 * the bus client, the GraphQL plugin and services registering queue depths record into the same registry.
 * Imported once, by the runtime that creates the app.
 */
@Module({})
export class ObservabilityModule {
  static forRoot(metrics: Metrics, readiness: Readiness): DynamicModule {
    return {
      module: ObservabilityModule,
      global: true,
      providers: [
        { provide: METRICS, useValue: metrics },
        { provide: READINESS, useValue: readiness },
      ],
      exports: [METRICS, READINESS],
    };
  }
}
