import { Field, Int, ObjectType } from '@nestjs/graphql';
import { PLAN_KINDS, type PlanKind } from '@membolt/contracts';
import { graphqlEnum } from '../common/graphql-enum.js';

export const PlanKindModel = graphqlEnum(PLAN_KINDS, {
  name: 'PlanKind',
  description: 'Monthly subscription or prepaid pay-per-use.',
});
export type PlanKindModel = PlanKind;

@ObjectType('Plan', {
  description: 'One plan of the catalogue. Money is in integer cents; null means unlimited or custom.',
})
export class PlanModel {
  @Field()
  id!: string;

  @Field(() => PlanKindModel)
  kind!: PlanKindModel;

  @Field()
  name!: string;

  @Field()
  description!: string;

  @Field(() => Int, {
    nullable: true,
    description: 'Monthly price in cents; null for custom pricing or usage-priced plans.',
  })
  monthlyPriceCents!: number | null;

  @Field(() => Int, { nullable: true, description: 'Conversations per calendar month; null for unlimited.' })
  conversationsPerMonth!: number | null;

  @Field(() => Int, { nullable: true, description: 'Days a memory is kept; null for unlimited.' })
  retentionDays!: number | null;

  @Field(() => Int, { nullable: true, description: 'Cents per charged call (pay-per-use).' })
  ratePerCallCents!: number | null;

  @Field(() => [String])
  features!: string[];

  @Field()
  callToAction!: string;

  @Field()
  highlighted!: boolean;
}

@ObjectType('DeveloperApiPricing')
export class DeveloperApiPricingModel {
  @Field(() => Int)
  centsPerMillionTokens!: number;

  @Field()
  bringYourOwnKeys!: boolean;
}

@ObjectType('PlanCatalogue')
export class PlanCatalogueModel {
  @Field(() => [PlanModel])
  plans!: PlanModel[];

  @Field(() => DeveloperApiPricingModel)
  developerApi!: DeveloperApiPricingModel;
}
