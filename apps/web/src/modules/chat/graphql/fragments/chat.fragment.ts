import { graphql } from '../../../../gql';

/** A memory a turn retrieved (`used`: it went into the prompt, so the answer shows it as a chip). */
export const CHAT_MEMORY_FIELDS_FRAGMENT = graphql(`
  fragment ChatMemoryFields on ChatMemory {
    id
    text
    importance
    category
    source
    used
  }
`);

/** A whole turn: the `done` event of POST /chat/stream carries this shape (decision 031). */
export const CHAT_TURN_FIELDS_FRAGMENT = graphql(`
  fragment ChatTurnFields on ChatTurn {
    conversationId
    conversationTitle
    userMessageId
    assistantMessageId
    text
    model
    responder
    offline
    memoriesUsed
    createdAt
    memoriesRetrieved {
      ...ChatMemoryFields
    }
  }
`);

/** A stored message of a conversation. */
export const CHAT_MESSAGE_FIELDS_FRAGMENT = graphql(`
  fragment ChatMessageFields on ChatMessage {
    id
    role
    content
    createdAt
    mode
    memories {
      id
      text
      importance
      category
      source
    }
  }
`);

export const CONVERSATION_SUMMARY_FIELDS_FRAGMENT = graphql(`
  fragment ConversationSummaryFields on ConversationSummary {
    id
    title
    preview
    updatedAt
    memoryCount
  }
`);
