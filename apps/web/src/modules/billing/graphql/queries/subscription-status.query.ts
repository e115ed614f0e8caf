import { graphql } from '../../../../gql';

/** The subscription, its check and the payment provider (the dashboard card and the settings tab). */
export const SUBSCRIPTION_STATUS_QUERY = graphql(`
  query SubscriptionStatus {
    subscription {
      ...SubscriptionFields
    }
    subscriptionCheck {
      valid
      reason
    }
    paymentProvider {
      id
      simulation
      label
      supportEmail
    }
  }
`);

export const SUBSCRIPTION_FIELDS = graphql(`
  fragment SubscriptionFields on SubscriptionStatus {
    status
    plan
    balanceCents
    rateCents
    conversationsUsed
    conversationsLimit
    retentionDays
    renewsAt
  }
`);
