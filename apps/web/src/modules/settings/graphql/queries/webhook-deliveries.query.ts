import { graphql } from '../../../../gql';

/** An endpoint's delivery log, newest first. */
export const WEBHOOK_DELIVERIES_QUERY = graphql(`
  query WebhookDeliveries($webhookId: ID!, $limit: Int) {
    webhookDeliveries(webhookId: $webhookId, limit: $limit) {
      id
      event
      state
      attempts
      statusCode
      durationMs
      error
      createdAt
      updatedAt
    }
  }
`);
