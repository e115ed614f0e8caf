import { ApiProperty } from '@nestjs/swagger';
import { DeveloperApiPricingView, ListPlansResponse, PlanView, SERVICE_NAMES } from '@membolt/contracts';
import { restExample, restObjectTypeOf } from './common/rest-object-type.js';

/* OpenAPI schemas of the public system answers (`GET /api/status`, `GET /api/plans`). */

export class ServiceStatusResponse {
  @ApiProperty({ enum: SERVICE_NAMES })
  name!: string;
  @ApiProperty({ enum: ['ok', 'unavailable'] })
  status!: string;
  @ApiProperty({ type: String, nullable: true, example: '0.1.0' })
  version!: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 3600 })
  uptimeSeconds!: number | null;
  @ApiProperty({ example: 3 })
  latencyMs!: number;
}

export class SystemStatusResponse {
  @ApiProperty({ enum: ['ok', 'degraded'] })
  status!: string;
  @ApiProperty({ example: '0.1.0' })
  version!: string;
  @ApiProperty({ type: [ServiceStatusResponse] })
  services!: ServiceStatusResponse[];
}

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
