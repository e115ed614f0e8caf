import { graphql } from '../../../../gql';

/** The end users' portal: its look and the origins that may embed it. */
export const PORTAL_SETTINGS_QUERY = graphql(`
  query PortalSettings {
    portalSettings {
      displayName
      logoUrl
      color
      frameOrigins
    }
  }
`);
