import { ApiProperty } from '@nestjs/swagger';
import { PLAN_IDS, PLAN_KINDS, SERVICE_NAMES } from '@membolt/contracts';

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

export class PlanResponse {
  @ApiProperty({ enum: PLAN_IDS })
  id!: string;
  @ApiProperty({ enum: PLAN_KINDS })
  kind!: string;
  @ApiProperty({ example: 'Pro' })
  name!: string;
  @ApiProperty()
  description!: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Cents a month; null for custom or usage pricing.',
  })
  monthlyPriceCents!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Null for unlimited.' })
  conversationsPerMonth!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Days a memory is kept; null for unlimited.' })
  retentionDays!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Cents per charged call (pay-per-use only).' })
  ratePerCallCents!: number | null;
  @ApiProperty({ type: [String] })
  features!: string[];
  @ApiProperty()
  callToAction!: string;
  @ApiProperty()
  highlighted!: boolean;
  @ApiProperty()
  sortOrder!: number;
}

export class DeveloperApiPricingResponse {
  @ApiProperty()
  centsPerMillionTokens!: number;
  @ApiProperty()
  bringYourOwnKeys!: boolean;
}

export class PlansResponse {
  @ApiProperty({ type: [PlanResponse] })
  plans!: PlanResponse[];
  @ApiProperty({ type: DeveloperApiPricingResponse })
  developerApi!: DeveloperApiPricingResponse;
}
