import { Controller, Get, Query } from '@nestjs/common';
import { BillingSubjects, ListPlansRequest, type ListPlansResponse } from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { ContractValidationPipe } from '@membolt/platform';
import { Public } from './public.decorator.js';

@Controller('plans')
export class PlansController {
  constructor(private readonly bus: BusClient) {}

  /** `GET /api/plans?kind=subscription|pay-per-use`: the public plan catalogue. */
  @Get()
  @Public()
  list(@Query(new ContractValidationPipe(ListPlansRequest)) query: ListPlansRequest): Promise<ListPlansResponse> {
    return this.bus.request(BillingSubjects.listPlans, query);
  }
}
