import { graphql } from '../../../../gql';

/** How many of the user's memories a plan keeping them `retentionDays` days would delete now. */
export const MEMORIES_PAST_RETENTION_QUERY = graphql(`
  query MemoriesPastRetention($retentionDays: Int) {
    memoriesPastRetention(retentionDays: $retentionDays)
  }
`);
