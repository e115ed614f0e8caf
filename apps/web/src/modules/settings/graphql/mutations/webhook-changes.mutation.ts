import { graphql } from '../../../../gql';

export const SET_WEBHOOK_ENABLED_MUTATION = graphql(`
  mutation SetWebhookEnabled($id: ID!, $enabled: Boolean!) {
    setWebhookEnabled(id: $id, enabled: $enabled) {
      ...WebhookFields
    }
  }
`);

export const DELETE_WEBHOOK_MUTATION = graphql(`
  mutation DeleteWebhook($id: ID!) {
    deleteWebhook(id: $id) {
      id
    }
  }
`);

export const REDELIVER_WEBHOOK_MUTATION = graphql(`
  mutation RedeliverWebhook($webhookId: ID!, $deliveryId: ID!) {
    redeliverWebhook(webhookId: $webhookId, deliveryId: $deliveryId) {
      id
      state
      attempts
      updatedAt
    }
  }
`);
