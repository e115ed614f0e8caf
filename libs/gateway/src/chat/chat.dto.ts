import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
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
  IsRequiredText,
  PAGE_OFFSET_MAX,
  WEB_SEARCH_DEFAULT_RESULTS,
  WEB_SEARCH_MAX_RESULTS,
  WEB_SEARCH_QUERY_MAX_LENGTH,
} from '@membolt/contracts';
import { MemoryScopeQuery } from '../memories/memory.dto.js';
import { IsScopeId, QueryInteger } from '../memories/memory-rest.validators.js';

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

/** `POST /api/search`. */
export class WebSearchBody {
  @ApiProperty({ example: 'best hikes near Lisbon', maxLength: WEB_SEARCH_QUERY_MAX_LENGTH })
  @IsRequiredText(ChatMessages.queryRequired, WEB_SEARCH_QUERY_MAX_LENGTH)
  query!: string;

  @ApiPropertyOptional({ default: WEB_SEARCH_DEFAULT_RESULTS, minimum: 1, maximum: WEB_SEARCH_MAX_RESULTS })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(WEB_SEARCH_MAX_RESULTS)
  numResults?: number;
}

/**
 * The conversations of one scope: without `end_user_id` the account's own, with it only that end user's
 * (those `POST /api/chat` started with it), narrowed by `agent_id` and `run_id` when given.
 */
export class ConversationsQuery extends MemoryScopeQuery {
  @ApiPropertyOptional({
    default: CONVERSATION_LIST_DEFAULT_LIMIT,
    minimum: 1,
    maximum: CONVERSATION_LIST_MAX_LIMIT,
  })
  @IsOptional()
  @QueryInteger(1, CONVERSATION_LIST_MAX_LIMIT)
  limit?: number;

  @ApiPropertyOptional({ default: 0, minimum: 0, maximum: PAGE_OFFSET_MAX })
  @IsOptional()
  @QueryInteger(0, PAGE_OFFSET_MAX)
  offset?: number;
}
