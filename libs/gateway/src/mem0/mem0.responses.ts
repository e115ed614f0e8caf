import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BatchResponse } from '../memories/memory-batch.dto.js';
import { MemoryDeletionResponse } from '../memories/memory.dto.js';

/* OpenAPI schemas of the Mem0-compatible answers (mem0.views.ts builds them in Mem0's shape). */

const NULLABLE_STRING = { type: String, nullable: true } as const;

export class Mem0MemoryResponse {
  @ApiProperty({ example: '6650f1c2a1b2c3d4e5f60718' })
  id!: string;
  @ApiProperty({ example: 'Lives in Lisbon.' })
  memory!: string;
  @ApiProperty(NULLABLE_STRING)
  user_id!: string | null;
  @ApiProperty(NULLABLE_STRING)
  agent_id!: string | null;
  @ApiProperty({ ...NULLABLE_STRING, description: 'Always null (Membolt has no apps).' })
  app_id!: null;
  @ApiProperty(NULLABLE_STRING)
  run_id!: string | null;
  @ApiProperty()
  hash!: string;
  @ApiProperty({ type: Object, nullable: true, additionalProperties: true })
  metadata!: Record<string, unknown> | null;
  @ApiProperty({ type: [String] })
  categories!: string[];
  @ApiProperty()
  created_at!: string;
  @ApiProperty()
  updated_at!: string;
  @ApiProperty(NULLABLE_STRING)
  expiration_date!: string | null;
  @ApiProperty({ description: 'Always false.' })
  immutable!: boolean;
  @ApiProperty()
  valid_from!: string;
  @ApiProperty(NULLABLE_STRING)
  valid_to!: string | null;
  @ApiProperty()
  importance!: number;
  @ApiProperty()
  source!: string;
  @ApiProperty()
  version!: number;
}

export class Mem0UpdatedMemoryResponse extends Mem0MemoryResponse {
  @ApiProperty({ example: 'Memory updated successfully!' })
  message!: string;
}

export class Mem0ScoresResponse {
  @ApiProperty()
  fused!: number;
  @ApiProperty()
  final!: number;
}

export class Mem0SearchResultResponse extends Mem0MemoryResponse {
  @ApiProperty()
  score!: number;
  @ApiProperty({ type: Mem0ScoresResponse })
  scores!: Mem0ScoresResponse;
}

export class Mem0SearchResponse {
  @ApiProperty({ type: [Mem0SearchResultResponse] })
  results!: Mem0SearchResultResponse[];
}

export class Mem0PageResponse {
  @ApiProperty({ description: 'Memories in all.' })
  count!: number;
  @ApiProperty({ ...NULLABLE_STRING, description: 'The URL of the next page.' })
  next!: string | null;
  @ApiProperty(NULLABLE_STRING)
  previous!: string | null;
  @ApiProperty({ type: [Mem0MemoryResponse] })
  results!: Mem0MemoryResponse[];
}

export class Mem0EventDataResponse {
  @ApiProperty()
  memory!: string;
}

export class Mem0AddEventResponse {
  @ApiProperty()
  id!: string;
  @ApiProperty({ enum: ['ADD', 'UPDATE', 'DELETE', 'NONE'] })
  event!: string;
  @ApiProperty()
  memory!: string;
  @ApiProperty({ type: Mem0EventDataResponse })
  data!: Mem0EventDataResponse;
  @ApiPropertyOptional()
  previous_memory?: string;
  @ApiProperty(NULLABLE_STRING)
  user_id!: string | null;
  @ApiProperty(NULLABLE_STRING)
  agent_id!: string | null;
  @ApiProperty(NULLABLE_STRING)
  run_id!: string | null;
  @ApiProperty({ enum: ['ADD', 'UPDATE', 'NOOP', 'CLOSE'], description: 'Membolt’s own event.' })
  membolt_event!: string;
  @ApiProperty()
  valid_from!: string;
  @ApiProperty(NULLABLE_STRING)
  valid_to!: string | null;
  @ApiProperty({ ...NULLABLE_STRING, description: 'When the memory expires (null: never).' })
  expiration_date!: string | null;
}

export class Mem0AddResponse {
  @ApiProperty({ type: [Mem0AddEventResponse] })
  results!: Mem0AddEventResponse[];
  @ApiProperty({ description: 'What extracted the facts (a model, or the rule-based extractor).' })
  extracted_by!: string;
}

export class Mem0QueuedResultResponse {
  @ApiProperty()
  message!: string;
  @ApiProperty({ enum: ['PENDING'] })
  status!: string;
  @ApiProperty({ description: 'Poll GET /api/mem0/v1/event/{event_id}.' })
  event_id!: string;
}

export class Mem0QueuedResponse {
  @ApiProperty({ type: [Mem0QueuedResultResponse] })
  results!: Mem0QueuedResultResponse[];
}

export class Mem0EventResponse {
  @ApiProperty()
  id!: string;
  @ApiProperty({ enum: ['ADD'] })
  event_type!: string;
  @ApiProperty({ enum: ['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED'] })
  status!: string;
  @ApiProperty({ type: [Mem0AddEventResponse] })
  results!: Mem0AddEventResponse[];
  @ApiProperty(NULLABLE_STRING)
  error!: string | null;
  @ApiProperty()
  created_at!: string;
  @ApiProperty()
  updated_at!: string;
}

export class Mem0HistoryEntryResponse {
  @ApiProperty({ description: '{memory_id}:{version}' })
  id!: string;
  @ApiProperty()
  memory_id!: string;
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Always empty.',
  })
  input!: unknown[];
  @ApiProperty(NULLABLE_STRING)
  old_memory!: string | null;
  @ApiProperty()
  new_memory!: string;
  @ApiProperty(NULLABLE_STRING)
  user_id!: string | null;
  @ApiProperty({ type: [String] })
  categories!: string[];
  @ApiProperty({ enum: ['ADD', 'UPDATE', 'DELETE'] })
  event!: string;
  @ApiProperty({ type: Object, nullable: true, additionalProperties: true })
  metadata!: Record<string, unknown> | null;
  @ApiProperty()
  created_at!: string;
  @ApiProperty()
  updated_at!: string;
  @ApiProperty()
  version!: number;
  @ApiProperty()
  valid_from!: string;
  @ApiProperty(NULLABLE_STRING)
  valid_to!: string | null;
}

export class Mem0DeletionResponse {
  @ApiProperty({ example: 'Memory deleted successfully!' })
  message!: string;
  @ApiProperty({ type: MemoryDeletionResponse })
  receipt!: MemoryDeletionResponse;
}

export class Mem0BatchResponse extends BatchResponse {
  @ApiProperty({ example: 'Successfully updated 2 memories' })
  message!: string;
}

export class Mem0EntityResponse {
  @ApiProperty()
  id!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ enum: ['user'] })
  type!: string;
  @ApiProperty({ ...NULLABLE_STRING, description: 'Always null.' })
  owner!: null;
  @ApiProperty()
  total_memories!: number;
  @ApiProperty()
  created_at!: string;
  @ApiProperty()
  updated_at!: string;
  @ApiProperty()
  last_activity_at!: string;
}

export class Mem0EntitiesResponse {
  @ApiProperty()
  count!: number;
  @ApiProperty({
    ...NULLABLE_STRING,
    description: 'Always null: the page is chosen with page and page_size.',
  })
  next!: null;
  @ApiProperty({ ...NULLABLE_STRING, description: 'Always null.' })
  previous!: null;
  @ApiProperty({ type: [Mem0EntityResponse] })
  results!: Mem0EntityResponse[];
  @ApiProperty()
  page!: number;
  @ApiProperty()
  page_size!: number;
}

export class Mem0PingResponse {
  @ApiProperty({ enum: ['ok'] })
  status!: string;
  @ApiProperty({ example: 'API key is valid' })
  message!: string;
  @ApiProperty()
  user_id!: string;
  @ApiProperty({ description: 'The key’s account (Membolt has no organisations): the same as user_id.' })
  org_id!: string;
  @ApiProperty({ description: 'The key’s account, the project of the webhook routes: the same as user_id.' })
  project_id!: string;
}

export class Mem0ExportCreatedResponse {
  @ApiProperty()
  message!: string;
  @ApiProperty({ description: 'The memory_export_id to read it with.' })
  id!: string;
}

export class Mem0ExportResponse {
  @ApiProperty(NULLABLE_STRING)
  id!: string | null;
  @ApiProperty({ enum: ['completed'] })
  status!: string;
  @ApiProperty()
  count!: number;
  @ApiProperty({ type: [Mem0MemoryResponse] })
  results!: Mem0MemoryResponse[];
}

export class Mem0FeedbackResponse {
  @ApiProperty({ example: 'Feedback recorded' })
  message!: string;
  @ApiProperty()
  memory_id!: string;
  @ApiProperty({ type: String, enum: ['POSITIVE', 'NEGATIVE', 'VERY_NEGATIVE'], nullable: true })
  feedback!: string | null;
  @ApiProperty(NULLABLE_STRING)
  feedback_reason!: string | null;
  @ApiProperty()
  importance!: number;
}
