import { graphql } from '../../../../gql';

export const SIGN_UP_MUTATION = graphql(`
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      ...ViewerFields
    }
  }
`);
