import {
  boundedString,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_ROLES,
  CONVERSATION_LIST_DEFAULT_LIMIT,
  CONVERSATION_LIST_MAX_LIMIT,
  DEFAULT_MODEL_ID,
  optional,
  PAGE_OFFSET_MAX,
  SendChatTurnRequest,
  WEB_SEARCH_DEFAULT_RESULTS,
  WEB_SEARCH_MAX_RESULTS,
  WEB_SEARCH_QUERY_MAX_LENGTH,
  WebSearchRequest,
} from '@membolt/contracts';
import { z } from 'zod';
import { queryDoc, queryInteger, restQueryType } from '../common/rest-query.js';
import { MEMORY_SCOPE_QUERY_FIELDS } from '../memories/memory.dto.js';
import { restScopeId } from '../memories/memory-rest.validators.js';

const turn = SendChatTurnRequest.shape;
/**
 * `message`, `history`, `model` and `conversationId` are the bus request's own fields (one rule and one text for
 * both edges); the REST body only adds its documentation.
 */
const chatBody = {
  message: turn.message.meta(
    queryDoc(String, {
      example: 'What do you remember about my travel plans?',
      maxLength: CHAT_MESSAGE_MAX_LENGTH,
    }),
  ),
  history: turn.history.meta(
    queryDoc(Array, {
      description: 'Earlier messages, oldest first, when no conversationId is given.',
      type: 'array',
      items: { type: 'object', properties: { role: { enum: [...CHAT_ROLES] }, content: { type: 'string' } } },
    }),
  ),
  userId: optional(boundedString(200, { lengthTextFirst: true })).meta(
    queryDoc(String, { description: 'Must be the owner of the key when given.' }),
  ),
  model: turn.model.meta(
    queryDoc(String, {
      description: 'A model id of the catalogue (GET the chat models in the web app).',
      example: DEFAULT_MODEL_ID,
    }),
  ),
  conversationId: turn.conversationId.meta(
    queryDoc(String, { description: 'Continue this stored conversation (its messages are the history).' }),
  ),
  end_user_id: restScopeId().meta(
    queryDoc(String, {
      description:
        'One end user of your app: the turn reads that end user’s memories and learns the facts they state into ' +
        'them, never into the account’s own. Without it, the account’s own memories.',
      example: 'customer-42',
    }),
  ),
  agent_id: restScopeId().meta(
    queryDoc(String, {
      description: 'Narrows the memories read to (and records on those learnt) one agent.',
    }),
  ),
  run_id: restScopeId().meta(
    queryDoc(String, { description: 'Narrows the memories read to (and records on those learnt) one run.' }),
  ),
};
/** `POST /api/chat` (docs/requirements/rest-gateway.md, Shapes and Routes), plus the optional conversation id. */
export const ChatBodySchema = z.strictObject(chatBody);
export const ChatBody = restQueryType('ChatBody', chatBody);
export type ChatBody = z.output<typeof ChatBodySchema>;

const webSearch = WebSearchRequest.shape;
/** The bus request's query and count; the REST body leaves the count optional (its default is documented). */
const webSearchBody = {
  query: webSearch.query.meta(
    queryDoc(String, { example: 'best hikes near Lisbon', maxLength: WEB_SEARCH_QUERY_MAX_LENGTH }),
  ),
  numResults: optional(webSearch.numResults).meta(
    queryDoc(Number, { default: WEB_SEARCH_DEFAULT_RESULTS, minimum: 1, maximum: WEB_SEARCH_MAX_RESULTS }),
  ),
};
/** `POST /api/search`. */
export const WebSearchBodySchema = z.strictObject(webSearchBody);
export const WebSearchBody = restQueryType('WebSearchBody', webSearchBody);
export type WebSearchBody = z.output<typeof WebSearchBodySchema>;

const conversationsQuery = {
  limit: optional(queryInteger(1, CONVERSATION_LIST_MAX_LIMIT)).meta(
    queryDoc(Number, {
      default: CONVERSATION_LIST_DEFAULT_LIMIT,
      minimum: 1,
      maximum: CONVERSATION_LIST_MAX_LIMIT,
    }),
  ),
  offset: optional(queryInteger(0, PAGE_OFFSET_MAX)).meta(
    queryDoc(Number, { default: 0, minimum: 0, maximum: PAGE_OFFSET_MAX }),
  ),
};
/**
 * The conversations of one scope: without `end_user_id` the account's own, with it only that end user's
 * (those `POST /api/chat` started with it), narrowed by `agent_id` and `run_id` when given.
 */
export const ConversationsQuerySchema = z.strictObject({
  ...conversationsQuery,
  ...MEMORY_SCOPE_QUERY_FIELDS,
});
export const ConversationsQuery = restQueryType('ConversationsQuery', {
  ...MEMORY_SCOPE_QUERY_FIELDS,
  ...conversationsQuery,
});
export type ConversationsQuery = z.output<typeof ConversationsQuerySchema>;
