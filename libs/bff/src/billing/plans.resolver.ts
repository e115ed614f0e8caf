import { Args, Query, Resolver } from '@nestjs/graphql';
import { BillingSubjects, type ListPlansResponse } from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { Public } from '../common/public.decorator.js';
import { PlanCatalogueModel, PlanKindModel } from './plan.model.js';

@Resolver(() => PlanCatalogueModel)
export class PlansResolver {
  constructor(private readonly bus: BusClient) {}

  @Query(() => PlanCatalogueModel, { description: 'The public plan catalogue and developer API pricing.' })
  @Public()
  async planCatalogue(
    @Args('kind', { type: () => PlanKindModel, nullable: true }) kind?: PlanKindModel,
  ): Promise<PlanCatalogueModel> {
    const response: ListPlansResponse = await this.bus.request(
      BillingSubjects.listPlans,
      kind ? { kind } : {},
    );
    return {
      plans: response.plans.map((plan) => ({
        ...plan,
        kind: plan.kind as PlanKindModel,
        features: [...plan.features],
      })),
      developerApi: { ...response.developerApi },
    };
  }
}
