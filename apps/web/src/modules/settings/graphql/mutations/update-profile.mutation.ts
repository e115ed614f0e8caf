import { graphql } from '../../../../gql';

export const UPDATE_PROFILE_MUTATION = graphql(`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      ...ViewerFields
    }
  }
`);
