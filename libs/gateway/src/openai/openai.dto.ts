import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import {
  CHAT_HISTORY_MAX_ITEMS,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MODEL_ID_MAX_LENGTH,
  DEFAULT_MODEL_ID,
} from '@membolt/contracts';
import { IsScopeId } from '../memories/memory-rest.validators.js';

/* `POST /v1/chat/completions` as OpenAI's clients send it. Unknown fields are refused (as OpenAI does). */

const OPENAI_MESSAGE_ROLES = ['system', 'developer', 'user', 'assistant'] as const;
export type OpenAiMessageRole = (typeof OPENAI_MESSAGE_ROLES)[number];

/** Most parts one message's content may have. */
const CONTENT_PARTS_MAX = 100;

/** A text part of a message's content (OpenAI's `{type: 'text', text}`); images and audio are not read. */
export interface OpenAiTextPart {
  readonly type: 'text';
  readonly text: string;
}

function contentProblem(value: unknown): string | null {
  if (typeof value === 'string')
    return value.length > CHAT_MESSAGE_MAX_LENGTH ? `at most ${CHAT_MESSAGE_MAX_LENGTH} characters` : null;
  if (!Array.isArray(value)) return 'a string or an array of text parts';
  if (value.length > CONTENT_PARTS_MAX) return `at most ${CONTENT_PARTS_MAX} parts`;
  let length = 0;
  for (const part of value as unknown[]) {
    const { type, text } = (part ?? {}) as { type?: unknown; text?: unknown };
    if (type !== 'text' || typeof text !== 'string' || Object.keys(part as object).length !== 2)
      return 'made of text parts ({"type": "text", "text": "…"}) only; images, audio and files are not supported';
    length += text.length;
  }
  return length > CHAT_MESSAGE_MAX_LENGTH ? `at most ${CHAT_MESSAGE_MAX_LENGTH} characters` : null;
}

const IsMessageContent = (): PropertyDecorator =>
  ValidateBy({
    name: 'isMessageContent',
    validator: {
      validate: (value: unknown) => contentProblem(value) === null,
      defaultMessage: (args) => `content must be ${contentProblem(args?.value) ?? 'valid'}`,
    },
  });

/** `stop`: ignored, but checked as OpenAI would (a string or up to four strings). */
const IsStopSequences = (): PropertyDecorator =>
  ValidateBy({
    name: 'isStopSequences',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' ||
        (Array.isArray(value) && value.length <= 4 && value.every((item) => typeof item === 'string')),
      defaultMessage: () => 'stop must be a string or an array of at most 4 strings',
    },
  });

export class OpenAiMessageBody {
  @ApiProperty({ enum: OPENAI_MESSAGE_ROLES, description: 'Tool messages are not supported.' })
  @IsIn(OPENAI_MESSAGE_ROLES, {
    message: `role must be one of: ${OPENAI_MESSAGE_ROLES.join(', ')} (tool calls are not supported)`,
  })
  role!: OpenAiMessageRole;

  @ApiProperty({
    description: 'A string, or an array of text parts `{"type": "text", "text": "…"}`.',
    oneOf: [
      { type: 'string' },
      {
        type: 'array',
        items: {
          type: 'object',
          properties: { type: { type: 'string', enum: ['text'] }, text: { type: 'string' } },
        },
      },
    ],
    example: 'Where do I live?',
  })
  @IsMessageContent()
  content!: string | OpenAiTextPart[];

  @ApiPropertyOptional({ description: 'Accepted and ignored.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;
}

export class OpenAiStreamOptionsBody {
  @ApiPropertyOptional({ description: 'Send a last chunk with `usage` (and `usage: null` on the others).' })
  @IsOptional()
  @IsBoolean()
  include_usage?: boolean;
}

export class ChatCompletionBody {
  @ApiProperty({
    description: 'A model id of GET /v1/models (the server’s model catalogue).',
    example: DEFAULT_MODEL_ID,
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(CHAT_MODEL_ID_MAX_LENGTH)
  model!: string;

  @ApiProperty({
    type: [OpenAiMessageBody],
    description:
      'The conversation, oldest first; the last message must be the user’s (it is answered, and memories are ' +
      'retrieved for it). System and developer messages are added to the instructions.',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CHAT_HISTORY_MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => OpenAiMessageBody)
  messages!: OpenAiMessageBody[];

  @ApiPropertyOptional({ description: 'Stream the answer as `chat.completion.chunk` server-sent events.' })
  @IsOptional()
  @IsBoolean()
  stream?: boolean;

  @ApiPropertyOptional({ type: OpenAiStreamOptionsBody })
  @IsOptional()
  @ValidateNested()
  @Type(() => OpenAiStreamOptionsBody)
  stream_options?: OpenAiStreamOptionsBody;

  @ApiPropertyOptional({
    description:
      'One end user of your app (Membolt’s `end_user_id`): their memories are read and the facts they state ' +
      'are learnt into them, never into the account’s own. Without it, the account’s own memories.',
    example: 'customer-42',
  })
  @IsScopeId()
  user?: string;

  @ApiPropertyOptional({ description: 'Must be 1 (one choice is produced).', minimum: 1, maximum: 1 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1, { message: 'n must be 1: one choice is produced' })
  n?: number;

  // Sampling and length settings: accepted so unchanged clients work; the catalogue's model settings apply.

  @ApiPropertyOptional({ description: 'Accepted and ignored.' })
  @IsOptional()
  @IsNumber()
  temperature?: number;

  @ApiPropertyOptional({ description: 'Accepted and ignored.' })
  @IsOptional()
  @IsNumber()
  top_p?: number;

  @ApiPropertyOptional({ description: 'Accepted and ignored.' })
  @IsOptional()
  @IsNumber()
  frequency_penalty?: number;

  @ApiPropertyOptional({ description: 'Accepted and ignored.' })
  @IsOptional()
  @IsNumber()
  presence_penalty?: number;

  @ApiPropertyOptional({ description: 'Accepted and ignored: the model’s catalogue answer length applies.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  max_tokens?: number;

  @ApiPropertyOptional({ description: 'Accepted and ignored: the model’s catalogue answer length applies.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  max_completion_tokens?: number;

  @ApiPropertyOptional({ description: 'Accepted and ignored.' })
  @IsOptional()
  @IsInt()
  seed?: number;

  @ApiPropertyOptional({
    description: 'Accepted and ignored.',
    oneOf: [{ type: 'string' }, { type: 'array' }],
  })
  @IsOptional()
  @IsStopSequences()
  stop?: string | string[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'number' },
    description: 'Accepted and ignored.',
  })
  @IsOptional()
  @IsObject()
  logit_bias?: Record<string, number>;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Accepted and ignored.',
  })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, string>;

  @ApiPropertyOptional({
    description: 'Accepted and ignored (the exchange is always stored as a conversation).',
  })
  @IsOptional()
  @IsBoolean()
  store?: boolean;

  @ApiPropertyOptional({ description: 'Accepted and ignored.' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  service_tier?: string;

  @ApiPropertyOptional({ description: 'Accepted and ignored.' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  reasoning_effort?: string;

  @ApiPropertyOptional({ description: 'Only false: log probabilities are not available.' })
  @IsOptional()
  @IsBoolean()
  logprobs?: boolean;

  @ApiPropertyOptional({
    type: 'object',
    properties: { type: { type: 'string', enum: ['text'] } },
    description: 'Only `{"type": "text"}`: structured output is not supported.',
  })
  @IsOptional()
  @IsObject()
  response_format?: { type?: unknown };

  @ApiPropertyOptional({ description: 'Only an empty list: tool calls are not supported.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(0, { message: 'tools: tool calls are not supported' })
  tools?: unknown[];

  @ApiPropertyOptional({ description: 'Only "none" or "auto" (tool calls are not supported).' })
  @IsOptional()
  @IsIn(['none', 'auto'], { message: 'tool_choice must be "none" or "auto": tool calls are not supported' })
  tool_choice?: 'none' | 'auto';

  @ApiPropertyOptional({ description: 'Accepted and ignored.' })
  @IsOptional()
  @IsBoolean()
  parallel_tool_calls?: boolean;
}
