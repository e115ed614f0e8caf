import { graphql } from '../../../../gql';

/** The account's custom memory categories, by name: the filter, the edit dialog and the Settings card. */
export const CUSTOM_CATEGORIES_QUERY = graphql(`
  query CustomMemoryCategories {
    customMemoryCategories {
      name
      description
    }
  }
`);
