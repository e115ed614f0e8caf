import { graphql } from '../../../../gql';

export const DATA_EXPORT_FRAGMENT = graphql(`
  fragment DataExportFields on DataExport {
    id
    state
    stage
    percent
    createdAt
    expiresAt
    bytes
    downloadUrl
    error
  }
`);
