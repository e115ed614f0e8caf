import { graphql } from '../../../../gql';

/** The server's model catalogue for the picker, each model marked available or not (with the reason). */
export const CHAT_MODELS_QUERY = graphql(`
  query ChatModels {
    chatModels {
      defaultModelId
      offline
      models {
        id
        label
        provider
        inChatList
        available
        unavailableReason
        isDefault
      }
    }
  }
`);
