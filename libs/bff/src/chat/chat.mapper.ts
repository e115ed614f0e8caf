import type { ChatTurnView, SendChatTurnRequest, WebSearchView } from '@membolt/contracts';
import type { ChatTurnModel, SendChatMessageInput, WebSearchModel } from './chat.models.js';

/*
 * The chat service's bus views → the GraphQL models where they differ. Conversations and messages go out as
 * the service answers them. The SSE stream of the BFF sends these same models as JSON, so the web app reads
 * one shape from both.
 */

export function toSendChatTurnRequest(input: SendChatMessageInput): SendChatTurnRequest {
  return {
    message: input.message,
    ...(input.model ? { model: input.model } : {}),
    ...(input.conversationId ? { conversationId: input.conversationId } : {}),
    ...(input.system ? { system: input.system } : {}),
    ...(input.mode ? { mode: input.mode } : {}),
  };
}

/** A turn as the screens see it: the id of its extraction job stays server-side. */
export function toChatTurnModel(turn: ChatTurnView): ChatTurnModel {
  const { extractionJobId: _extractionJobId, ...shown } = turn;
  return shown;
}

export function toWebSearchModel(view: WebSearchView): WebSearchModel {
  return {
    query: view.query,
    provider: view.provider,
    results: view.results.map((result) => ({ ...result })),
    formattedResults: view.formattedResults,
    summary: view.summary,
    summaryError: view.summaryError,
  };
}
