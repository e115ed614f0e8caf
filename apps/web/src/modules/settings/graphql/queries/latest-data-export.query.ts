import { graphql } from '../../../../gql';

/** The user's newest "Download my data" export, polled while it is being built. */
export const LATEST_DATA_EXPORT_QUERY = graphql(`
  query LatestDataExport {
    latestDataExport {
      ...DataExportFields
    }
  }
`);
