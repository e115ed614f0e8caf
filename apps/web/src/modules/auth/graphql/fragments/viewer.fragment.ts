import { graphql } from '../../../../gql';

/** Everything the screens show about the signed-in user; every query and mutation returning Viewer selects it. */
export const VIEWER_FIELDS_FRAGMENT = graphql(`
  fragment ViewerFields on Viewer {
    id
    email
    name
    bio
    createdAt
    lastActiveAt
    settings {
      theme
      defaultModel
    }
    notifications {
      emailNotifications
      newFeatures
      marketingEmails
      conversationSummaries
    }
    memoryGraph {
      id
      status
      createdAt
    }
    authMethods
    setupComplete
    plan
  }
`);
