import {
  DeveloperApiPricingView,
  ListPlansResponse,
  PLAN_KINDS,
  type PlanKind,
  PlanView,
} from '@membolt/contracts';
import { graphqlEnum } from '../common/graphql-enum.js';
import { graphqlObjectType } from '../common/graphql-object-type.js';

export const PlanKindModel = graphqlEnum(PLAN_KINDS, {
  name: 'PlanKind',
  description: 'Monthly subscription or prepaid pay-per-use.',
});
export type PlanKindModel = PlanKind;

/** The catalogue as the billing service answers it; the plans' sort order stays server-side. */
const PlanShown = PlanView.unwrap().omit({ sortOrder: true });
const PlanModel = graphqlObjectType('Plan', PlanShown, {
  description: 'One plan of the catalogue. Money is in integer cents; null means unlimited or custom.',
  types: { kind: () => PlanKindModel },
});
export type PlanModel = InstanceType<typeof PlanModel>;

const DeveloperApiPricingModel = graphqlObjectType('DeveloperApiPricing', DeveloperApiPricingView);
export type DeveloperApiPricingModel = InstanceType<typeof DeveloperApiPricingModel>;

export const PlanCatalogueModel = graphqlObjectType('PlanCatalogue', ListPlansResponse, {
  types: { plans: () => [PlanModel], developerApi: () => DeveloperApiPricingModel },
});
export type PlanCatalogueModel = InstanceType<typeof PlanCatalogueModel>;
