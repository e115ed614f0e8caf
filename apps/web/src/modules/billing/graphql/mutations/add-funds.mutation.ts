import { graphql } from '../../../../gql';

export const ADD_FUNDS_MUTATION = graphql(`
  mutation AddFunds($amountCents: Int!) {
    addFunds(amountCents: $amountCents) {
      status
      checkoutUrl
      subscription {
        ...SubscriptionFields
      }
    }
  }
`);
