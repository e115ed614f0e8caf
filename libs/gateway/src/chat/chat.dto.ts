import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import {
  CHAT_HISTORY_MAX_ITEMS,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MODEL_ID_MAX_LENGTH,
  CHAT_ROLES,
  ChatHistoryItem,
  ChatMessages,
  CONVERSATION_LIST_DEFAULT_LIMIT,
  CONVERSATION_LIST_MAX_LIMIT,
  DEFAULT_MODEL_ID,
  IsEntityId,
  integerField,
  IsRequiredText,
  optional,
  requiredText,
  PAGE_OFFSET_MAX,
  WEB_SEARCH_DEFAULT_RESULTS,
  WEB_SEARCH_MAX_RESULTS,
  WEB_SEARCH_QUERY_MAX_LENGTH,
} from '@membolt/contracts';
import { z } from 'zod';
import { queryDoc, queryInteger, restQueryType } from '../common/rest-query.js';
import { MEMORY_SCOPE_QUERY_FIELDS } from '../memories/memory.dto.js';
import { IsScopeId } from '../memories/memory-rest.validators.js';

/** One earlier message (docs/requirements/rest-gateway.md: role and content). */
export class ChatHistoryItemBody extends ChatHistoryItem {}

/** `POST /api/chat` (docs/requirements/rest-gateway.md, Shapes and Routes), plus the optional conversation id. */
export class ChatBody {
  @ApiProperty({ example: 'What do you remember about my travel plans?', maxLength: CHAT_MESSAGE_MAX_LENGTH })
  @IsRequiredText(ChatMessages.messageRequired, CHAT_MESSAGE_MAX_LENGTH)
  message!: string;

  @ApiPropertyOptional({
    description: 'Earlier messages, oldest first, when no conversationId is given.',
    type: 'array',
    items: { type: 'object', properties: { role: { enum: [...CHAT_ROLES] }, content: { type: 'string' } } },
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CHAT_HISTORY_MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => ChatHistoryItemBody)
  history?: ChatHistoryItemBody[];

  @ApiPropertyOptional({ description: 'Must be the owner of the key when given.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  userId?: string;

  @ApiPropertyOptional({
    description: 'A model id of the catalogue (GET the chat models in the web app).',
    example: DEFAULT_MODEL_ID,
  })
  @IsOptional()
  @IsString()
  @MaxLength(CHAT_MODEL_ID_MAX_LENGTH)
  model?: string;

  @ApiPropertyOptional({ description: 'Continue this stored conversation (its messages are the history).' })
  @IsOptional()
  @IsEntityId()
  conversationId?: string;

  @ApiPropertyOptional({
    description:
      'One end user of your app: the turn reads that end user’s memories and learns the facts they state into ' +
      'them, never into the account’s own. Without it, the account’s own memories.',
    example: 'customer-42',
  })
  @IsScopeId()
  end_user_id?: string;

  @ApiPropertyOptional({
    description: 'Narrows the memories read to (and records on those learnt) one agent.',
  })
  @IsScopeId()
  agent_id?: string;

  @ApiPropertyOptional({ description: 'Narrows the memories read to (and records on those learnt) one run.' })
  @IsScopeId()
  run_id?: string;
}

const webSearchBody = {
  query: requiredText(ChatMessages.queryRequired, WEB_SEARCH_QUERY_MAX_LENGTH).meta(
    queryDoc(String, { example: 'best hikes near Lisbon', maxLength: WEB_SEARCH_QUERY_MAX_LENGTH }),
  ),
  numResults: optional(integerField(1, WEB_SEARCH_MAX_RESULTS)).meta(
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
