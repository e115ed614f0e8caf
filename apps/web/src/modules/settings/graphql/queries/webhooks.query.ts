import { graphql } from '../../../../gql';

export const WEBHOOKS_QUERY = graphql(`
  query Webhooks {
    webhooks {
      ...WebhookFields
    }
  }
`);
