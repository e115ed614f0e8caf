import { graphql } from '../../../../gql';

/** The details dialog: the memory and every earlier version of it. */
export const MEMORY_DETAILS_QUERY = graphql(`
  query MemoryDetails($id: ID!) {
    memory(id: $id) {
      ...MemoryFields
      metadata
      conversationId
      validFrom
      validTo
    }
    memoryHistory(id: $id) {
      memoryId
      versions {
        version
        text
        importance
        category
        event
        recordedAt
      }
    }
  }
`);

/** Asked apart from the details, so the memory still shows if its concepts cannot be loaded. */
export const MEMORY_CONCEPTS_QUERY = graphql(`
  query MemoryConcepts($id: ID!) {
    memoryConcepts(id: $id) {
      id
      name
      kind
      category
    }
  }
`);
