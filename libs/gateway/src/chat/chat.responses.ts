import { ApiProperty } from '@nestjs/swagger';
import { CHAT_ROLES, MEMORY_CATEGORIES, MEMORY_SOURCES } from '@membolt/contracts';

/* OpenAPI schemas of the chat answers (chat.views.ts builds them). */

/** A memory as a message used it: what a stored message and an answer's retrieved memories both show. */
export class ConversationMessageMemoryResponse {
  @ApiProperty({ example: '6650f1c2a1b2c3d4e5f60718' })
  id!: string;
  @ApiProperty({ example: 'Lives in Lisbon.' })
  text!: string;
  @ApiProperty({ example: 7 })
  importance!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: `A built-in category (${MEMORY_CATEGORIES.join(', ')}) or one of the account's own.`,
  })
  category!: string | null;
  @ApiProperty({ enum: MEMORY_SOURCES })
  source!: string;
}

export class ChatMemoryResponse extends ConversationMessageMemoryResponse {
  @ApiProperty({ example: '2026-04-03T10:00:00.000Z' })
  created_at!: string;
  @ApiProperty({ description: 'Relevance to the message, 0 to 1.', example: 0.82 })
  score!: number;
  @ApiProperty({ description: 'Whether the answer was given with this memory in its context.' })
  used!: boolean;
}

export class ChatUsageResponse {
  @ApiProperty({ example: 812 })
  input_tokens!: number;
  @ApiProperty({ example: 64 })
  output_tokens!: number;
  @ApiProperty({ example: 1450 })
  cost_micro_usd!: number;
}

export class ChatResponse {
  @ApiProperty({ description: 'The answer.', example: 'You live in Lisbon.' })
  text!: string;
  @ApiProperty({ description: 'How many memories the answer was given with.', example: 1 })
  memories_used!: number;
  @ApiProperty({ type: [ChatMemoryResponse] })
  memories_retrieved!: ChatMemoryResponse[];
  @ApiProperty({ example: '6650f1c2a1b2c3d4e5f60720' })
  conversation_id!: string;
  @ApiProperty({ example: 'Where I live' })
  conversation_title!: string;
  @ApiProperty({ example: 'gpt-4o-mini' })
  model!: string;
  @ApiProperty({ description: 'The provider that answered, or "offline".', example: 'openai' })
  responder!: string;
  @ApiProperty({ description: 'True when the offline assistant answered (no provider key configured).' })
  offline!: boolean;
  @ApiProperty({ type: ChatUsageResponse })
  usage!: ChatUsageResponse;
}

/** `start`: the conversation and the memories retrieved, before the first token. */
export class ChatStartEvent {
  @ApiProperty()
  conversation_id!: string;
  @ApiProperty()
  conversation_title!: string;
  @ApiProperty()
  model!: string;
  @ApiProperty()
  responder!: string;
  @ApiProperty({ type: [ChatMemoryResponse] })
  memories_retrieved!: ChatMemoryResponse[];
}

/** `token`: the next piece of the answer. */
export class ChatTokenEvent {
  @ApiProperty({ example: 'You live' })
  text!: string;
}

export class WebSearchResultResponse {
  @ApiProperty()
  title!: string;
  @ApiProperty()
  url!: string;
  @ApiProperty()
  snippet!: string;
}

export class WebSearchResponse {
  @ApiProperty({ type: [WebSearchResultResponse] })
  results!: WebSearchResultResponse[];
  @ApiProperty({ description: 'The results as one text, ready for a prompt.' })
  formatted_results!: string;
}

export class ConversationSummaryResponse {
  @ApiProperty({ example: '6650f1c2a1b2c3d4e5f60720' })
  id!: string;
  @ApiProperty({ example: 'Where I live' })
  title!: string;
  @ApiProperty({ description: 'The start of the last message.' })
  preview!: string;
  @ApiProperty({ type: String, nullable: true, example: 'gpt-4o-mini' })
  model!: string | null;
  @ApiProperty({ example: 4 })
  message_count!: number;
  @ApiProperty({ example: 2 })
  memory_count!: number;
  @ApiProperty({ example: '2026-04-03T10:00:00.000Z' })
  created_at!: string;
  @ApiProperty({ example: '2026-04-03T10:05:00.000Z' })
  updated_at!: string;
}

export class ConversationListResponse {
  @ApiProperty({ type: [ConversationSummaryResponse] })
  conversations!: ConversationSummaryResponse[];
  @ApiProperty({ example: 20 })
  limit!: number;
  @ApiProperty({ example: 0 })
  offset!: number;
  @ApiProperty({ description: 'Conversations on this page.', example: 1 })
  count!: number;
  @ApiProperty({ description: 'Conversations in all.', example: 1 })
  total_count!: number;
}

export class ConversationMessageResponse {
  @ApiProperty()
  id!: string;
  @ApiProperty({ enum: CHAT_ROLES })
  role!: string;
  @ApiProperty()
  content!: string;
  @ApiProperty({ example: '2026-04-03T10:00:00.000Z' })
  created_at!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The model of an assistant message.' })
  model!: string | null;
  @ApiProperty({ type: [ConversationMessageMemoryResponse], description: 'The memories the answer used.' })
  memories!: ConversationMessageMemoryResponse[];
}

export class ConversationResponse extends ConversationSummaryResponse {
  @ApiProperty({ type: [ConversationMessageResponse], description: 'Oldest first.' })
  messages!: ConversationMessageResponse[];
}

export class ConversationDeletionResponse {
  @ApiProperty()
  conversation_id!: string;
  @ApiProperty({ example: 4 })
  removed_messages!: number;
  @ApiProperty({ description: 'Memories learnt from the conversation, kept.', example: 2 })
  memories_kept!: number;
  @ApiProperty({ example: 'Conversation deleted.' })
  message!: string;
}
