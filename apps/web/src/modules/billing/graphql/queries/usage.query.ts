import { graphql } from '../../../../gql';

/** This month's usage by day and the newest ledger entries (the Usage section). */
export const USAGE_QUERY = graphql(`
  query UsagePage($ledgerLimit: Int) {
    usageSummary {
      from
      to
      daily {
        day
        calls
        conversations
        tokens
        costCents
        chargedCents
      }
      totals {
        calls
        conversations
        tokens
        costCents
        chargedCents
      }
    }
    ledger(limit: $ledgerLimit) {
      total
      entries {
        id
        kind
        amountCents
        balanceAfterCents
        description
        createdAt
      }
    }
  }
`);
