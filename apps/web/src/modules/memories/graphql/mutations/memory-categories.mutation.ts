import { graphql } from '../../../../gql';

export const CREATE_MEMORY_CATEGORY_MUTATION = graphql(`
  mutation CreateMemoryCategory($input: CreateMemoryCategoryInput!) {
    createMemoryCategory(input: $input) {
      name
      description
    }
  }
`);

export const UPDATE_MEMORY_CATEGORY_MUTATION = graphql(`
  mutation UpdateMemoryCategory($input: UpdateMemoryCategoryInput!) {
    updateMemoryCategory(input: $input) {
      name
      description
    }
  }
`);

export const DELETE_MEMORY_CATEGORY_MUTATION = graphql(`
  mutation DeleteMemoryCategory($name: String!) {
    deleteMemoryCategory(name: $name) {
      name
      memoriesUncategorised
    }
  }
`);
