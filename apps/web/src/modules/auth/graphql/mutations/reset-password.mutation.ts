import { graphql } from '../../../../gql';

export const RESET_PASSWORD_MUTATION = graphql(`
  mutation ResetPassword($token: String!, $newPassword: String!) {
    resetPassword(token: $token, newPassword: $newPassword)
  }
`);
