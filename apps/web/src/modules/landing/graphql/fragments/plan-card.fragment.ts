import { graphql } from '../../../../gql';

export const PLAN_CARD_FRAGMENT = graphql(`
  fragment PlanCardFields on Plan {
    id
    name
    monthlyPriceCents
    features
    callToAction
    highlighted
  }
`);
