import { graphql } from '../../../../gql';

export const CHANGE_PLAN_MUTATION = graphql(`
  mutation ChangePlan($plan: String!) {
    changePlan(plan: $plan) {
      status
      checkoutUrl
      subscription {
        ...SubscriptionFields
      }
    }
  }
`);
