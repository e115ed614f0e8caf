import { graphql } from '../../../../gql';

/** A memory as its card shows it; every query and mutation returning Memory selects it. */
export const MEMORY_FIELDS_FRAGMENT = graphql(`
  fragment MemoryFields on Memory {
    id
    text
    importance
    category
    source
    conversationTitle
    createdAt
    updatedAt
    version
  }
`);
