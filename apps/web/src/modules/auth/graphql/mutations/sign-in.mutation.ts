import { graphql } from '../../../../gql';

export const SIGN_IN_MUTATION = graphql(`
  mutation SignIn($input: SignInInput!) {
    signIn(input: $input) {
      ...ViewerFields
    }
  }
`);
