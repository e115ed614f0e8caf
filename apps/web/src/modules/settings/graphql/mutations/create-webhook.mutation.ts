import { graphql } from '../../../../gql';

/** The signing secret comes back only here, once. */
export const CREATE_WEBHOOK_MUTATION = graphql(`
  mutation CreateWebhook($input: CreateWebhookInput!) {
    createWebhook(input: $input) {
      secret
      webhook {
        ...WebhookFields
      }
    }
  }
`);
