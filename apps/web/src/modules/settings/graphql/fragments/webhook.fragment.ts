import { graphql } from '../../../../gql';

/** An endpoint as the Webhooks card lists it (its signing secret is never here). */
export const WEBHOOK_FIELDS_FRAGMENT = graphql(`
  fragment WebhookFields on Webhook {
    id
    url
    events
    description
    enabled
    disabledReason
    consecutiveFailures
    createdAt
  }
`);
