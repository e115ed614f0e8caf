import { graphql } from '../../../../gql';

/** The payment provider's billing page (Stripe's customer portal) for the user's cards and invoices. */
export const OPEN_BILLING_PORTAL_MUTATION = graphql(`
  mutation OpenBillingPortal {
    openBillingPortal
  }
`);
