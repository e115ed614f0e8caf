import { graphql } from '../../../../gql';

export const UPDATE_PORTAL_SETTINGS_MUTATION = graphql(`
  mutation UpdatePortalSettings($input: UpdatePortalSettingsInput!) {
    updatePortalSettings(input: $input) {
      displayName
      logoUrl
      color
      frameOrigins
    }
  }
`);
