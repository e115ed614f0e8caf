import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  ENTITY_ID_MAX_LENGTH,
  MEMORY_BATCH_MAX,
  MEMORY_LIST_MAX_LIMIT,
  MEMORY_SEARCH_MAX_LIMIT,
  MEMORY_SEARCH_THRESHOLD_MAX,
  PAGE_OFFSET_MAX,
} from '@membolt/contracts';
import {
  IsBodyFlag,
  IsMemoryText,
  IsMetadata,
  IsOptionalNotNull,
  IsScopeId,
  IsSearchQuery,
  IsTime,
  QueryBoolean,
  QueryDecimal,
  QueryInteger,
} from '../memories/memory-rest.validators.js';

/*
 * The bodies and queries of the Mem0-compatible routes, named as Mem0's clients send them (snake_case).
 * Options of Mem0's platform that Membolt has no counterpart for are accepted (so an unchanged client keeps
 * working) and have no effect; docs/rest-api.md ("Coming from Mem0") lists them.
 */

const SCOPE_DOC = {
  user_id: 'A Membolt end user of the key’s account (Membolt’s end_user_id).',
  agent_id: 'An agent scope.',
  run_id: 'A run (session) scope.',
} as const;

/** `filters`: Mem0's v2 filter object ({AND: [...], OR: [...], user_id: ...}). */
const FILTERS_DOC = {
  type: 'object',
  additionalProperties: true,
  description:
    'Mem0 filters, e.g. {"AND": [{"user_id": "alex"}, {"agent_id": "support"}]}. The scope keys user_id, ' +
    'agent_id and run_id choose the scope.',
  example: { AND: [{ user_id: 'alex' }] },
} as const;

export class Mem0AddBody {
  @ApiProperty({
    oneOf: [
      { type: 'string' },
      {
        type: 'array',
        items: {
          type: 'object',
          required: ['role', 'content'],
          properties: {
            role: { type: 'string', enum: ['user', 'assistant', 'system'] },
            content: { type: 'string' },
          },
        },
      },
    ],
    description: 'The conversation: {role, content} objects (user, assistant, system), or one string.',
    example: [{ role: 'user', content: 'I am a vegetarian and I live in Lisbon.' }],
  })
  @Allow()
  messages!: unknown;

  @ApiPropertyOptional({ description: SCOPE_DOC.user_id, example: 'alex' })
  @IsScopeId()
  user_id?: string;

  @ApiPropertyOptional({ description: SCOPE_DOC.agent_id })
  @IsScopeId()
  agent_id?: string;

  @ApiPropertyOptional({ description: SCOPE_DOC.run_id })
  @IsScopeId()
  run_id?: string;

  @ApiPropertyOptional({
    type: String,
    description: 'Not supported: Membolt has no app scope (400 when given).',
  })
  @Allow()
  app_id?: unknown;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsMetadata()
  metadata?: Record<string, unknown>;

  @ApiPropertyOptional({ default: true, description: 'false stores the messages as they are.' })
  @IsBodyFlag()
  infer?: boolean;

  @ApiPropertyOptional({
    default: false,
    description:
      'true: answered at once with an event_id (status PENDING); the learning runs as a durable job, read at ' +
      'GET …/v1/event/{event_id}/. Mem0’s platform defaults to true; Membolt answers synchronously unless asked.',
  })
  @IsBodyFlag()
  async_mode?: boolean;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '2027-01-31',
    description:
      'When the memories this add creates expire (a date or date-time): hidden from reads after it and deleted ' +
      'by the retention sweep; null or absent: never.',
  })
  @ValidateIf((_object, value) => value !== null && value !== undefined)
  @IsTime()
  expiration_date?: string | null;

  // Accepted for compatibility, no effect (see docs/rest-api.md, "Coming from Mem0").
  @Allow() output_format?: unknown;
  @Allow() version?: unknown;
  @Allow() custom_categories?: unknown;
  @Allow() custom_instructions?: unknown;
  @Allow() agent_custom_instructions?: unknown;
  @Allow() includes?: unknown;
  @Allow() excludes?: unknown;
  @Allow() enable_graph?: unknown;
  @Allow() immutable?: unknown;
  @Allow() timestamp?: unknown;
  @Allow() structured_data_schema?: unknown;
  @Allow() org_id?: unknown;
  @Allow() project_id?: unknown;
}

export class Mem0SearchBody {
  @ApiProperty({ example: 'What does Alex eat?' })
  @IsSearchQuery()
  query!: string;

  @ApiPropertyOptional(FILTERS_DOC)
  @IsOptional()
  @IsObject({ message: 'filters must be a JSON object' })
  filters?: Record<string, unknown>;

  @ApiPropertyOptional({ default: 10, minimum: 1, maximum: MEMORY_SEARCH_MAX_LIMIT })
  @IsOptional()
  @QueryInteger(1, MEMORY_SEARCH_MAX_LIMIT)
  top_k?: number;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: MEMORY_SEARCH_THRESHOLD_MAX,
    description: 'The least query match (Membolt’s scores.fused, decision 093) a result must have.',
  })
  @IsOptional()
  @QueryDecimal(0, MEMORY_SEARCH_THRESHOLD_MAX)
  threshold?: number;

  @Allow() output_format?: unknown;
  @Allow() rerank?: unknown;
  @Allow() keyword_search?: unknown;
  @Allow() fields?: unknown;
  @Allow() latest_only?: unknown;
  @Allow() show_expired?: unknown;
  @Allow() reference_date?: unknown;
  @Allow() source?: unknown;
  @Allow() org_id?: unknown;
  @Allow() project_id?: unknown;
}

export class Mem0GetAllBody {
  @ApiPropertyOptional(FILTERS_DOC)
  @IsOptional()
  @IsObject({ message: 'filters must be a JSON object' })
  filters?: Record<string, unknown>;

  @Allow() output_format?: unknown;
  @Allow() fields?: unknown;
  @Allow() latest_only?: unknown;
  @Allow() show_expired?: unknown;
  @Allow() start_date?: unknown;
  @Allow() end_date?: unknown;
  @Allow() org_id?: unknown;
  @Allow() project_id?: unknown;
}

export class Mem0PageQuery {
  @ApiPropertyOptional({ default: 1, minimum: 1 })
  @IsOptional()
  @QueryInteger(1, PAGE_OFFSET_MAX)
  page?: number;

  @ApiPropertyOptional({ default: 100, minimum: 1, maximum: MEMORY_LIST_MAX_LIMIT })
  @IsOptional()
  @QueryInteger(1, MEMORY_LIST_MAX_LIMIT)
  page_size?: number;
}

export class Mem0UpdateBody {
  @ApiPropertyOptional({ example: 'Alex lives in Porto.' })
  @IsOptionalNotNull()
  @IsMemoryText()
  text?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Replaces the metadata.' })
  @IsOptionalNotNull()
  @IsMetadata()
  metadata?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '2027-01-31',
    description: 'After it the memory is hidden from reads and deleted by the retention sweep; null: never.',
  })
  @ValidateIf((_object, value) => value !== null && value !== undefined)
  @IsTime()
  expiration_date?: string | null;

  @Allow() timestamp?: unknown;
}

/** `DELETE /v1/memories/{id}/`: Mem0's `delete_linked` has no counterpart (versions are one memory here). */
export class Mem0DeleteQuery {
  @IsOptional()
  @QueryBoolean()
  delete_linked?: boolean;
}

export class Mem0ScopeQuery {
  @ApiPropertyOptional({ description: SCOPE_DOC.user_id })
  @IsScopeId()
  user_id?: string;

  @ApiPropertyOptional({ description: SCOPE_DOC.agent_id })
  @IsScopeId()
  agent_id?: string;

  @ApiPropertyOptional({ description: SCOPE_DOC.run_id })
  @IsScopeId()
  run_id?: string;

  @ApiPropertyOptional({ type: String, description: 'Not supported (400 when given).' })
  @Allow()
  app_id?: unknown;
}

export class Mem0BatchUpdateItem {
  @ApiProperty()
  @IsString({ message: 'memory_id must be a string' })
  @MaxLength(ENTITY_ID_MAX_LENGTH, {
    message: `memory_id must be at most ${ENTITY_ID_MAX_LENGTH} characters`,
  })
  memory_id!: string;

  @ApiProperty()
  @IsMemoryText()
  text!: string;
}

export class Mem0BatchDeleteItem {
  @ApiProperty()
  @IsString({ message: 'memory_id must be a string' })
  @MaxLength(ENTITY_ID_MAX_LENGTH, {
    message: `memory_id must be at most ${ENTITY_ID_MAX_LENGTH} characters`,
  })
  memory_id!: string;
}

const batchOf = (what: string): PropertyDecorator[] => [
  IsArray({ message: `${what} must be an array` }),
  ArrayMinSize(1, { message: `${what} must hold at least 1 item` }),
  ArrayMaxSize(MEMORY_BATCH_MAX, { message: `${what} must hold at most ${MEMORY_BATCH_MAX} items` }),
  ValidateNested({ each: true }),
];

export class Mem0BatchUpdateBody {
  @ApiProperty({ type: [Mem0BatchUpdateItem], maxItems: MEMORY_BATCH_MAX })
  @Type(() => Mem0BatchUpdateItem)
  memories!: Mem0BatchUpdateItem[];
}
for (const decorator of batchOf('memories')) decorator(Mem0BatchUpdateBody.prototype, 'memories');

export class Mem0BatchDeleteBody {
  @ApiProperty({ type: [Mem0BatchDeleteItem], maxItems: MEMORY_BATCH_MAX })
  @Type(() => Mem0BatchDeleteItem)
  memories!: Mem0BatchDeleteItem[];
}
for (const decorator of batchOf('memories')) decorator(Mem0BatchDeleteBody.prototype, 'memories');

const MEM0_FEEDBACK = ['POSITIVE', 'NEGATIVE', 'VERY_NEGATIVE'] as const;
export type Mem0Feedback = (typeof MEM0_FEEDBACK)[number];

export class Mem0FeedbackBody {
  @ApiProperty()
  @IsString({ message: 'memory_id must be a string' })
  @MaxLength(ENTITY_ID_MAX_LENGTH, {
    message: `memory_id must be at most ${ENTITY_ID_MAX_LENGTH} characters`,
  })
  memory_id!: string;

  @ApiPropertyOptional({ enum: MEM0_FEEDBACK, nullable: true })
  @IsOptional()
  @IsIn(MEM0_FEEDBACK, { message: `feedback must be one of: ${MEM0_FEEDBACK.join(', ')}` })
  feedback?: Mem0Feedback | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 1000 })
  @IsOptional()
  @IsString({ message: 'feedback_reason must be a string' })
  @MaxLength(1000, { message: 'feedback_reason must be at most 1000 characters' })
  feedback_reason?: string | null;
}

export class Mem0ExportBody {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Recorded; not used to shape.' })
  @IsObject({ message: 'schema must be a JSON object' })
  schema!: Record<string, unknown>;

  @ApiProperty(FILTERS_DOC)
  @IsObject({ message: 'filters must be a JSON object' })
  filters!: Record<string, unknown>;

  @Allow() export_instructions?: unknown;
  @Allow() org_id?: unknown;
  @Allow() project_id?: unknown;
}

export class Mem0GetExportBody {
  @ApiPropertyOptional({ description: 'The id createMemoryExport answered.' })
  @IsOptional()
  @IsString({ message: 'memory_export_id must be a string' })
  @MaxLength(4096, { message: 'memory_export_id is too long' })
  memory_export_id?: string;

  @ApiPropertyOptional(FILTERS_DOC)
  @IsOptional()
  @IsObject({ message: 'filters must be a JSON object' })
  filters?: Record<string, unknown>;

  @Allow() org_id?: unknown;
  @Allow() project_id?: unknown;
}
