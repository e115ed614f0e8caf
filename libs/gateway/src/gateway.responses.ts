import { DeveloperApiPricingView, ListPlansResponse, PlanView, SERVICE_NAMES } from '@membolt/contracts';
import { z } from 'zod';
import { restExample, restObjectTypeOf } from './common/rest-object-type.js';

/* OpenAPI schemas of the public system answers (`GET /api/status`, `GET /api/plans`). */

/*
 * The system status is the gateway's own composition of each service's health answer (a service that does not
 * answer in time is `unavailable`), so its one definition is this schema; SystemStatusService builds it. Its
 * fields keep the camelCase names the status has always answered.
 */
export const ServiceStatus = z
  .object({
    name: z.enum(SERVICE_NAMES),
    status: z.enum(['ok', 'unavailable']),
    version: z
      .string()
      .nullable()
      .meta({ rest: { example: '0.1.0' } }),
    uptimeSeconds: z
      .number()
      .nullable()
      .meta({ rest: { example: 3600 } }),
    latencyMs: z.number().meta({ rest: { example: 3 } }),
  })
  .readonly();
export type ServiceStatus = z.output<typeof ServiceStatus>;

export const SystemStatus = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string().meta({ rest: { example: '0.1.0' } }),
    services: z.array(ServiceStatus).readonly(),
  })
  .readonly();
export type SystemStatus = z.output<typeof SystemStatus>;

export const ServiceStatusResponse = restObjectTypeOf<ServiceStatus>('ServiceStatusResponse', ServiceStatus, {
  casing: 'contract',
});
export type ServiceStatusResponse = InstanceType<typeof ServiceStatusResponse>;

export const SystemStatusResponse = restObjectTypeOf<SystemStatus>('SystemStatusResponse', SystemStatus, {
  types: { services: () => [ServiceStatusResponse] },
  casing: 'contract',
});
export type SystemStatusResponse = InstanceType<typeof SystemStatusResponse>;

/*
 * The plan catalogue: the contract's views (libs/contracts plan.view.ts) as the bus carries them, camelCase
 * (the public catalogue has always answered the view itself).
 */
export const PlanResponse = restObjectTypeOf<PlanView>(
  'PlanResponse',
  PlanView.unwrap().extend({ name: restExample(PlanView.unwrap().shape.name, 'Pro') }),
  { casing: 'contract' },
);
export type PlanResponse = InstanceType<typeof PlanResponse>;

export const DeveloperApiPricingResponse = restObjectTypeOf<DeveloperApiPricingView>(
  'DeveloperApiPricingResponse',
  DeveloperApiPricingView,
  { casing: 'contract' },
);
export type DeveloperApiPricingResponse = InstanceType<typeof DeveloperApiPricingResponse>;

export const PlansResponse = restObjectTypeOf<ListPlansResponse>('PlansResponse', ListPlansResponse, {
  types: { plans: () => [PlanResponse], developerApi: () => DeveloperApiPricingResponse },
  casing: 'contract',
});
export type PlansResponse = InstanceType<typeof PlansResponse>;
