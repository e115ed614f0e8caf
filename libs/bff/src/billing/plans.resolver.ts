import { Args, Query, Resolver } from '@nestjs/graphql';
import { Public } from '../common/public.decorator.js';
import { PlanCatalogueCache } from './plan-catalogue.cache.js';
import { PlanCatalogueModel, PlanKindModel } from './plans.models.js';

@Resolver(() => PlanCatalogueModel)
export class PlansResolver {
  constructor(private readonly plans: PlanCatalogueCache) {}

  @Query(() => PlanCatalogueModel, { description: 'The public plan catalogue and developer API pricing.' })
  @Public()
  async planCatalogue(
    @Args('kind', { type: () => PlanKindModel, nullable: true }) kind?: PlanKindModel,
  ): Promise<PlanCatalogueModel> {
    return this.plans.list(kind ? { kind } : {});
  }
}
