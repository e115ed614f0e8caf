import { z } from 'zod';
import { type BusSubject, defineSubject } from '../common/envelope.js';

/** The domain services. Each answers `<service>.health.v1`. */
export const SERVICE_NAMES = [
  'identity',
  'keys',
  'billing',
  'memory',
  'ingestion',
  'chat',
  'webhooks',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Answer of `<service>.health.v1`. */
export interface ServiceHealthView {
  readonly name: ServiceName;
  readonly version: string;
  readonly status: 'ok';
  readonly uptimeSeconds: number;
}

/** `<service>.health.v1` takes an empty payload. */
export const HealthRequest = z.strictObject({});
export type HealthRequest = z.output<typeof HealthRequest>;

export const healthSubject = (service: ServiceName): BusSubject<HealthRequest, ServiceHealthView> =>
  defineSubject(service, `${service}.health.v1`, { idempotent: true });
