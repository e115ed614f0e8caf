import { graphql } from '../../../../gql';

/** Hybrid search, with the scores that explain each result's rank. */
export const MEMORY_SEARCH_QUERY = graphql(`
  query MemorySearch($query: String!, $limit: Int!, $filters: MemorySearchFilters) {
    memorySearch(query: $query, limit: $limit, filters: $filters) {
      count
      query
      results {
        score
        memory {
          ...MemoryFields
        }
        scores {
          semantic
          keyword
          fused
          importance
          recency
          conceptMatch
          timeMatch
          final
          reasons
        }
      }
    }
  }
`);
