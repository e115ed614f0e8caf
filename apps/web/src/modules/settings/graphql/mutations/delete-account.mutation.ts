import { graphql } from '../../../../gql';

export const DELETE_ACCOUNT_MUTATION = graphql(`
  mutation DeleteAccount {
    deleteAccount {
      userId
      deletedAt
      pending
    }
  }
`);
