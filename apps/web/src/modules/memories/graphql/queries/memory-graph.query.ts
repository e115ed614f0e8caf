import { graphql } from '../../../../gql';

/** The concept graph the Memory Graph tab draws. */
export const MEMORY_GRAPH_QUERY = graphql(`
  query MemoryGraph($maxNodes: Int!) {
    memoryGraph(maxNodes: $maxNodes) {
      truncated
      concepts {
        id
        name
        kind
        category
        memoryCount
      }
      relations {
        source
        target
        weight
      }
    }
  }
`);

export const CONCEPT_MEMORIES_QUERY = graphql(`
  query ConceptMemories($conceptId: ID!, $limit: Int!) {
    conceptMemories(conceptId: $conceptId, limit: $limit) {
      totalCount
      memories {
        ...MemoryFields
      }
    }
  }
`);
