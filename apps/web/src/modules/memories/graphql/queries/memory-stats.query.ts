import { graphql } from '../../../../gql';

export const MEMORY_STATS_QUERY = graphql(`
  query MemoryStats {
    memoryStats {
      memoryCount
      avgImportance
      oldestTimestamp
      conceptCount
      relationCount
    }
  }
`);
