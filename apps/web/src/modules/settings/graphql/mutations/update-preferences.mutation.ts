import { graphql } from '../../../../gql';

export const UPDATE_PREFERENCES_MUTATION = graphql(`
  mutation UpdatePreferences($input: UpdatePreferencesInput!) {
    updatePreferences(input: $input) {
      ...ViewerFields
    }
  }
`);
