import { graphql } from '../../../../gql';

export const DELETE_MEMORY_MUTATION = graphql(`
  mutation DeleteMemory($id: ID!) {
    deleteMemory(id: $id) {
      memoryIds
      deletedAt
    }
  }
`);
