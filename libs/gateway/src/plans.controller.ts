import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  BillingSubjects,
  ListPlansRequest,
  type ListPlansRequest as ListPlansQuery,
  type ListPlansResponse,
  PLAN_KINDS,
} from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { ContractValidationPipe } from '@membolt/platform';
import { GatewayController } from './gateway-controller.decorator.js';
import { PlansResponse } from './gateway.responses.js';
import { Public } from './public.decorator.js';

@ApiTags('plans')
@GatewayController('plans')
export class PlansController {
  constructor(private readonly bus: BusClient) {}

  /** `GET /api/plans?kind=subscription|pay-per-use`: the public plan catalogue. */
  @Get()
  @Public()
  @ApiOperation({ summary: 'The plan catalogue (prices in cents). No key needed.' })
  @ApiQuery({ name: 'kind', required: false, enum: PLAN_KINDS })
  @ApiOkResponse({ type: PlansResponse, description: 'The plans and the developer API price.' })
  list(
    // Typed through a type-only name: the parameter's metadata must not be the schema (Swagger would read it as a class).
    @Query(new ContractValidationPipe(ListPlansRequest)) query: ListPlansQuery,
  ): Promise<ListPlansResponse> {
    return this.bus.request(BillingSubjects.listPlans, query);
  }
}
