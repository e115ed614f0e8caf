import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsOptional,
  IsString,
  MaxLength,
  ValidateBy,
} from 'class-validator';
import {
  composeDecorators,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
} from '@membolt/contracts';
import { isMem0WebhookEvent, MEM0_WEBHOOK_EVENTS } from './mem0-webhooks.js';

const MEM0_EVENT_NAMES = Object.keys(MEM0_WEBHOOK_EVENTS);

/** `event_types`: Mem0's names, `memory_add` or `memory:add` (memory_categorize has no counterpart). */
const IsMem0EventTypes = (): PropertyDecorator =>
  composeDecorators(
    IsArray({ message: 'event_types must be a list of event names' }),
    ArrayMinSize(1, { message: 'event_types must name at least one event' }),
    ArrayMaxSize(MEM0_EVENT_NAMES.length * 2),
    ValidateBy(
      {
        name: 'isMem0EventType',
        validator: {
          validate: (value: unknown) => isMem0WebhookEvent(value),
          defaultMessage: () =>
            `each of event_types must be one of ${MEM0_EVENT_NAMES.join(', ')} (memory_categorize is not ` +
            'offered: a memory’s category is set when it is added)',
        },
      },
      { each: true },
    ),
  );

const URL_DOC =
  'Where events are POSTed (http or https); private and loopback addresses are refused unless the operator ' +
  'allows them (README, Webhooks).';

/** `POST /api/v1/webhooks/projects/{project_id}/` as mem0ai's createWebhook sends it. */
export class Mem0CreateWebhookBody {
  @ApiProperty({ type: String, description: URL_DOC, maxLength: WEBHOOK_URL_MAX_LENGTH })
  @Allow()
  url!: unknown;

  @ApiPropertyOptional({
    description: 'Kept as the endpoint’s description.',
    maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH,
  })
  @IsOptional()
  @IsString({ message: 'name must be a string' })
  @MaxLength(WEBHOOK_DESCRIPTION_MAX_LENGTH, {
    message: `name must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`,
  })
  name?: string;

  @ApiPropertyOptional({
    type: [String],
    enum: MEM0_EVENT_NAMES,
    description: 'Mem0’s events (memory:add spelling too); absent: all three.',
  })
  @IsOptional()
  @IsMem0EventTypes()
  event_types?: string[];

  @ApiPropertyOptional({ default: true, description: 'false creates the endpoint paused.' })
  @IsOptional()
  @IsBoolean({ message: 'is_active must be true or false' })
  is_active?: boolean;

  // Mem0 repeats the project in the body; the path's project is the one used.
  @Allow() project_id?: unknown;
}

/** `PUT /api/v1/webhooks/{webhook_id}/` as mem0ai's updateWebhook sends it. */
export class Mem0UpdateWebhookBody {
  @ApiPropertyOptional({ type: String, description: URL_DOC, maxLength: WEBHOOK_URL_MAX_LENGTH })
  @Allow()
  url?: unknown;

  @ApiPropertyOptional({ maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH })
  @IsOptional()
  @IsString({ message: 'name must be a string' })
  @MaxLength(WEBHOOK_DESCRIPTION_MAX_LENGTH, {
    message: `name must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`,
  })
  name?: string;

  @ApiPropertyOptional({ type: [String], enum: MEM0_EVENT_NAMES, description: 'Replaces the events.' })
  @IsOptional()
  @IsMem0EventTypes()
  event_types?: string[];

  @ApiPropertyOptional({ description: 'true enables the endpoint again; false pauses it.' })
  @IsOptional()
  @IsBoolean({ message: 'is_active must be true or false' })
  is_active?: boolean;

  @Allow() project_id?: unknown;
}

export class Mem0WebhookResponse {
  @ApiProperty()
  webhook_id!: string;
  @ApiProperty({ description: 'The endpoint’s description.' })
  name!: string;
  @ApiProperty()
  url!: string;
  @ApiProperty({
    type: [String],
    description: 'Mem0’s names; events Mem0 has no name for keep Membolt’s (memory.closed, upload.*, …).',
  })
  event_types!: string[];
  @ApiProperty({ description: 'False when paused, or disabled after repeated failed deliveries.' })
  is_active!: boolean;
  @ApiProperty({ description: 'The project: the key’s account (the project_id of ping).' })
  project!: string;
  @ApiProperty()
  created_at!: string;
  @ApiProperty()
  updated_at!: string;
}

export class Mem0CreatedWebhookResponse extends Mem0WebhookResponse {
  @ApiProperty({
    description: 'The signing secret (whsec_…), shown this once; deliveries are signed with it.',
  })
  secret!: string;
}

export class Mem0WebhookChangedResponse extends Mem0WebhookResponse {
  @ApiProperty({ example: 'Webhook updated successfully' })
  message!: string;
}
