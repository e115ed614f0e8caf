import { graphql } from '../../../../gql';

/** The public subscription plans (in the server's order) and the developer API price. */
export const PLAN_CATALOGUE_QUERY = graphql(`
  query LandingPlanCatalogue {
    planCatalogue(kind: subscription) {
      plans {
        ...PlanCardFields
      }
      developerApi {
        centsPerMillionTokens
        bringYourOwnKeys
      }
    }
  }
`);
