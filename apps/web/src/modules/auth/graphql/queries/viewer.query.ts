import { graphql } from '../../../../gql';

/** The sign-in check: answers UNAUTHENTICATED when there is no session. */
export const VIEWER_QUERY = graphql(`
  query Viewer {
    viewer {
      ...ViewerFields
    }
  }
`);
