import { graphql } from '../../../../gql';

export const START_DATA_EXPORT_MUTATION = graphql(`
  mutation StartDataExport {
    startDataExport {
      ...DataExportFields
    }
  }
`);
