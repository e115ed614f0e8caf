import { Args, Query, Resolver } from '@nestjs/graphql';
import { BillingSubjects } from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { Public } from '../common/public.decorator.js';
import { PlanCatalogueModel, PlanKindModel } from './plans.models.js';

@Resolver(() => PlanCatalogueModel)
export class PlansResolver {
  constructor(private readonly bus: BusClient) {}

  @Query(() => PlanCatalogueModel, { description: 'The public plan catalogue and developer API pricing.' })
  @Public()
  async planCatalogue(
    @Args('kind', { type: () => PlanKindModel, nullable: true }) kind?: PlanKindModel,
  ): Promise<PlanCatalogueModel> {
    return this.bus.request(BillingSubjects.listPlans, kind ? { kind } : {});
  }
}
