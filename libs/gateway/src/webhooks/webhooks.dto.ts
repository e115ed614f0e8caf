import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookDeliveryState,
  type WebhookEventType,
} from '@membolt/contracts';

export class CreateWebhookBody {
  @ApiProperty({
    description:
      'Where events are POSTed (http or https). Loopback, private, link-local and unique-local addresses are ' +
      'refused (also after DNS resolution, at each delivery) unless the operator sets WEBHOOKS_ALLOW_PRIVATE_TARGETS.',
    maxLength: WEBHOOK_URL_MAX_LENGTH,
    example: 'https://example.com/membolt-webhook',
  })
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, minItems: 1, example: ['memory.created'] })
  events!: WebhookEventType[];

  @ApiPropertyOptional({ maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH })
  description?: string;
}

export class UpdateWebhookBody {
  @ApiPropertyOptional({ maxLength: WEBHOOK_URL_MAX_LENGTH })
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, isArray: true, minItems: 1 })
  events?: WebhookEventType[];

  @ApiPropertyOptional({ maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH })
  description?: string;

  @ApiPropertyOptional({
    description: 'true enables a disabled endpoint again (its failure count starts from 0); false pauses it.',
  })
  enabled?: boolean;
}

export class WebhookResponse {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  events!: WebhookEventType[];

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ description: 'false once disabled after repeated failures (or by its owner).' })
  enabled!: boolean;

  @ApiProperty({ type: String, nullable: true, example: 'repeated delivery failures' })
  disabled_reason!: string | null;

  @ApiProperty({ description: 'Failed attempts since the last successful one.' })
  consecutive_failures!: number;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

export class CreatedWebhookResponse extends WebhookResponse {
  @ApiProperty({
    description:
      'The signing secret, shown this once: Membolt-Signature is HMAC-SHA256 under it (see docs/rest-api.md, Webhooks).',
    example: 'whsec_…',
  })
  secret!: string;
}

export class WebhookListResponse {
  @ApiProperty({ type: [WebhookResponse], description: 'Newest first.' })
  webhooks!: WebhookResponse[];
}

export class WebhookDeliveryResponse {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  webhook_id!: string;

  @ApiProperty({ description: 'The Membolt-Event-Id header and the body’s `id`: the same on every attempt.' })
  event_id!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES })
  event!: WebhookEventType;

  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'] })
  state!: WebhookDeliveryState;

  @ApiProperty()
  attempts!: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The last attempt’s HTTP status; null: no answer.',
  })
  status_code!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  duration_ms!: number | null;

  @ApiProperty({ type: String, nullable: true })
  error!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

export class WebhookDeliveryListResponse {
  @ApiProperty({ type: [WebhookDeliveryResponse], description: 'Newest first.' })
  deliveries!: WebhookDeliveryResponse[];
}
