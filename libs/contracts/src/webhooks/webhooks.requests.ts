import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { IsEntityId } from '../common/validators.js';
import {
  WEBHOOK_DELIVERIES_MAX_LIMIT,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEventType,
} from '../rules/webhook.rules.js';

export {
  WEBHOOK_DELIVERIES_MAX_LIMIT,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEventType,
};

const URL_OPTIONS = {
  protocols: ['http', 'https'],
  require_protocol: true,
  require_tld: false,
  allow_underscores: true,
};
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateWebhookEndpointRequest {
  @Transform(trimmed)
  @IsString({ message: 'url is required' })
  @MaxLength(WEBHOOK_URL_MAX_LENGTH)
  @IsUrl(URL_OPTIONS, { message: 'url must be an http(s) URL' })
  url!: string;

  @IsArray()
  @ArrayMinSize(1, { message: 'events must name at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @ArrayUnique()
  @IsIn(WEBHOOK_EVENT_TYPES, {
    each: true,
    message: `each event must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  })
  events!: WebhookEventType[];

  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(WEBHOOK_DESCRIPTION_MAX_LENGTH)
  description?: string;
}

/** Lists the acting user's endpoints; takes an empty payload. */
export class ListWebhookEndpointsRequest {}

export class UpdateWebhookEndpointRequest {
  @IsEntityId()
  id!: string;

  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(WEBHOOK_URL_MAX_LENGTH)
  @IsUrl(URL_OPTIONS, { message: 'url must be an http(s) URL' })
  url?: string;

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1, { message: 'events must name at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @ArrayUnique()
  @IsIn(WEBHOOK_EVENT_TYPES, {
    each: true,
    message: `each event must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  })
  events?: WebhookEventType[];

  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(WEBHOOK_DESCRIPTION_MAX_LENGTH)
  description?: string;

  /** True re-enables a disabled endpoint (its failure count starts again); false pauses it. */
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

export class WebhookEndpointIdRequest {
  @IsEntityId()
  id!: string;
}

export class ListWebhookDeliveriesRequest {
  @IsEntityId()
  endpointId!: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(WEBHOOK_DELIVERIES_MAX_LIMIT)
  limit?: number;
}

export class RedeliverWebhookRequest {
  @IsEntityId()
  endpointId!: string;

  @IsEntityId()
  deliveryId!: string;
}
