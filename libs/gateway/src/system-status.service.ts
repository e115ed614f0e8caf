import { Injectable } from '@nestjs/common';
import { healthSubject, SERVICE_NAMES, type ServiceName } from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { MEMBOLT_VERSION } from '@membolt/platform';
import type { ServiceStatus, SystemStatus } from './gateway.responses.js';

export type { ServiceStatus, SystemStatus };

/** Status probes answer quicker than ordinary calls: a status page must not hang on one dead service. */
const STATUS_TIMEOUT_MS = 2000;

@Injectable()
export class SystemStatusService {
  constructor(private readonly bus: BusClient) {}

  async status(): Promise<SystemStatus> {
    const services = await Promise.all(SERVICE_NAMES.map((name) => this.probe(name)));
    return {
      status: services.every((service) => service.status === 'ok') ? 'ok' : 'degraded',
      version: MEMBOLT_VERSION,
      services,
    };
  }

  private async probe(name: ServiceName): Promise<ServiceStatus> {
    const started = performance.now();
    const latency = () => Math.round((performance.now() - started) * 100) / 100;
    try {
      const health = await this.bus.request(healthSubject(name), {}, { timeoutMs: STATUS_TIMEOUT_MS });
      return {
        name,
        status: 'ok',
        version: health.version,
        uptimeSeconds: health.uptimeSeconds,
        latencyMs: latency(),
      };
    } catch {
      return { name, status: 'unavailable', version: null, uptimeSeconds: null, latencyMs: latency() };
    }
  }
}
