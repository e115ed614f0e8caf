import type { Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { HealthRequest, healthSubject, type ServiceHealthView, type ServiceName } from '@membolt/contracts';
import { MEMBOLT_VERSION } from '@membolt/platform';
import { BusController, BusPayload } from './bus-handler.decorators.js';

/** Every service answers `<service>.health.v1` with its name, version and uptime. */
export function createHealthController(service: ServiceName): Type<unknown> {
  const startedAt = Date.now();

  @BusController()
  class HealthController {
    @MessagePattern(healthSubject(service).name)
    health(@BusPayload(HealthRequest) _request: HealthRequest): ServiceHealthView {
      return {
        name: service,
        version: MEMBOLT_VERSION,
        status: 'ok',
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
    }
  }
  Object.defineProperty(HealthController, 'name', {
    value: `${service[0]!.toUpperCase()}${service.slice(1)}HealthController`,
  });
  return HealthController;
}
