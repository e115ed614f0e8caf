import { graphql } from '../../../../gql';

/** Who takes payments and where support is reached (the Subscription problem dialog). */
export const PAYMENT_PROVIDER_QUERY = graphql(`
  query PaymentProvider {
    paymentProvider {
      id
      simulation
      supportEmail
    }
  }
`);
