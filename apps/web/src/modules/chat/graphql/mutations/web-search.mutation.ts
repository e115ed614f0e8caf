import { graphql } from '../../../../gql';

/** Search Mode: the web results (the screen then asks the model for a summary of them). */
export const WEB_SEARCH_MUTATION = graphql(`
  mutation WebSearch($query: String!, $numResults: Int!) {
    webSearch(query: $query, numResults: $numResults, summarize: false) {
      query
      formattedResults
      results {
        title
        url
        snippet
      }
    }
  }
`);
