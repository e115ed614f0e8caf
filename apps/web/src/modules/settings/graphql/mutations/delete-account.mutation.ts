import { graphql } from '../../../../gql';

export const DELETE_ACCOUNT_MUTATION = graphql(`
  mutation DeleteAccount($currentPassword: String) {
    deleteAccount(currentPassword: $currentPassword) {
      userId
      deletedAt
      pending
    }
  }
`);
