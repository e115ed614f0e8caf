import { graphql } from '../../../../gql';

export const UPDATE_NOTIFICATIONS_MUTATION = graphql(`
  mutation UpdateNotifications($input: UpdateNotificationsInput!) {
    updateNotifications(input: $input) {
      ...ViewerFields
    }
  }
`);
