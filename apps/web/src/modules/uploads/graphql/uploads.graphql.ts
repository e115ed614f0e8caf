import { graphql } from '../../../gql';

export const UPLOAD_FIELDS_FRAGMENT = graphql(`
  fragment UploadFields on Upload {
    id
    fileName
    kind
    size
    state
    percent
    pages
    chunks
    summary
    summaryMemoryId
    error
    createdAt
  }
`);

export const UPLOADS_QUERY = graphql(`
  query Uploads($limit: Int, $offset: Int) {
    uploads(limit: $limit, offset: $offset) {
      totalCount
      uploads {
        ...UploadFields
      }
    }
  }
`);

export const UPLOAD_QUERY = graphql(`
  query Upload($id: ID!) {
    upload(id: $id) {
      ...UploadFields
    }
  }
`);

export const BEGIN_UPLOAD_MUTATION = graphql(`
  mutation BeginUpload($input: BeginUploadInput!) {
    beginUpload(input: $input) {
      ...UploadFields
    }
  }
`);

export const UPLOAD_PART_MUTATION = graphql(`
  mutation UploadPart($uploadId: ID!, $index: Int!, $data: String!) {
    uploadPart(uploadId: $uploadId, index: $index, data: $data)
  }
`);

export const COMPLETE_UPLOAD_MUTATION = graphql(`
  mutation CompleteUpload($uploadId: ID!) {
    completeUpload(uploadId: $uploadId) {
      ...UploadFields
    }
  }
`);

export const DELETE_UPLOAD_MUTATION = graphql(`
  mutation DeleteUpload($id: ID!) {
    deleteUpload(id: $id) {
      uploadId
      memoriesDeleted
      fileDeleted
    }
  }
`);
