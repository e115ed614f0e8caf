import { graphql } from '../../../../gql';

/** One page of the user's memories (the Memories screen, the dashboard, the chat's memory panel). */
export const MEMORIES_QUERY = graphql(`
  query Memories($limit: Int!, $offset: Int!, $sort: MemorySort!, $category: String) {
    memories(limit: $limit, offset: $offset, sort: $sort, category: $category) {
      limit
      offset
      count
      totalCount
      memories {
        ...MemoryFields
      }
    }
  }
`);
