import { graphql } from '../../../../gql';

/** The answer updates the memory's card through the cache (normalised by id). */
export const UPDATE_MEMORY_MUTATION = graphql(`
  mutation UpdateMemory($id: ID!, $input: UpdateMemoryInput!) {
    updateMemory(id: $id, input: $input) {
      ...MemoryFields
    }
  }
`);
