import { graphql } from '../../../../gql';

/** The account and the whole plan catalogue (the current plan may be any kind). */
export const SETTINGS_QUERY = graphql(`
  query SettingsPage {
    viewer {
      ...ViewerFields
    }
    planCatalogue {
      plans {
        id
        kind
        name
        description
        monthlyPriceCents
        ratePerCallCents
        retentionDays
        features
      }
    }
  }
`);
