import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator';
import {
  PORTAL_ACTIONS,
  PORTAL_AUDIT_LIST_DEFAULT_LIMIT,
  PORTAL_AUDIT_LIST_MAX_LIMIT,
  PORTAL_DEFAULT_COLOR,
  PORTAL_DISPLAY_NAME_MAX_LENGTH,
  PORTAL_FRAME_ORIGINS_MAX,
  PORTAL_LINK_DEFAULT_TTL_SECONDS,
  PORTAL_LINK_MAX_TTL_SECONDS,
  PORTAL_LINK_MIN_TTL_SECONDS,
  PAGE_OFFSET_MAX,
  PORTAL_COLOR_PATTERN,
  PORTAL_FRAME_ORIGIN_MAX_LENGTH,
  PORTAL_LOGO_URL_MAX_LENGTH,
  PortalMessages,
  isPortalFrameOrigin,
  isPortalLogoUrl,
  type PortalAction,
} from '@membolt/contracts';
import { QueryInteger } from '../memories/memory-rest.validators.js';

const EXAMPLE_TIME = '2026-11-27T10:15:00.000Z';

/** `POST …/end_users/{endUserId}/portal`. */
export class MintPortalLinkBody {
  @ApiPropertyOptional({
    description: 'How long the link opens the portal, in seconds.',
    default: PORTAL_LINK_DEFAULT_TTL_SECONDS,
    minimum: PORTAL_LINK_MIN_TTL_SECONDS,
    maximum: PORTAL_LINK_MAX_TTL_SECONDS,
  })
  @IsOptional()
  @IsInt({ message: 'expires_in must be a whole number of seconds' })
  @Min(PORTAL_LINK_MIN_TTL_SECONDS, {
    message: `expires_in must be from ${PORTAL_LINK_MIN_TTL_SECONDS} to ${PORTAL_LINK_MAX_TTL_SECONDS} seconds`,
  })
  @Max(PORTAL_LINK_MAX_TTL_SECONDS, {
    message: `expires_in must be from ${PORTAL_LINK_MIN_TTL_SECONDS} to ${PORTAL_LINK_MAX_TTL_SECONDS} seconds`,
  })
  expires_in?: number;
}

export class PortalLinkResponse {
  @ApiProperty({
    description:
      'Open it in the end user’s browser (a new tab, a redirect or an iframe on an allowed origin).',
    example: 'https://membolt.example.com/portal/p1.eyJ1Ijo….Zx3…',
  })
  url!: string;

  @ApiProperty({
    description: 'The signed token inside the URL; it is the whole permission, keep it private.',
  })
  token!: string;

  @ApiProperty({ example: 'customer-42' })
  end_user_id!: string;

  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME })
  expires_at!: string;
}

/** `PUT …/portal_settings`: fields left out keep their value; null (or "") resets one. */
export class PortalSettingsBody {
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    maxLength: PORTAL_DISPLAY_NAME_MAX_LENGTH,
    description: 'The name the portal shows (default: the account’s name is not shown, only "this app").',
    example: 'Acme Health',
  })
  @IsOptional()
  @IsString({ message: 'display_name must be a string' })
  @MaxLength(PORTAL_DISPLAY_NAME_MAX_LENGTH, {
    message: `display_name must be at most ${PORTAL_DISPLAY_NAME_MAX_LENGTH} characters`,
  })
  display_name?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'An https:// image URL shown at the top of the portal.',
    example: 'https://acme.example/logo.png',
  })
  @IsOptional()
  @ValidateBy(
    {
      name: 'isPortalLogoUrl',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' &&
          (value.trim() === '' ||
            (value.length <= PORTAL_LOGO_URL_MAX_LENGTH && isPortalLogoUrl(value.trim()))),
      },
    },
    { message: PortalMessages.logoUrl },
  )
  logo_url?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    pattern: '^#[0-9a-fA-F]{6}$',
    description: `The accent colour (default ${PORTAL_DEFAULT_COLOR}).`,
    example: '#0f766e',
  })
  @IsOptional()
  @Matches(new RegExp(`${PORTAL_COLOR_PATTERN.source}|^$`), { message: PortalMessages.colorFormat })
  color?: string | null;

  @ApiPropertyOptional({
    type: [String],
    maxItems: PORTAL_FRAME_ORIGINS_MAX,
    description:
      'Origins allowed to show the portal in an iframe (CSP frame-ancestors); empty: only Membolt’s own origin.',
    example: ['https://app.acme.example'],
  })
  @IsOptional()
  @IsArray({ message: 'frame_origins must be an array of origins' })
  @ArrayMaxSize(PORTAL_FRAME_ORIGINS_MAX, { message: PortalMessages.frameOriginsTooMany })
  @ValidateBy(
    {
      name: 'isPortalFrameOrigin',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' &&
          value.length <= PORTAL_FRAME_ORIGIN_MAX_LENGTH &&
          isPortalFrameOrigin(value),
      },
    },
    { each: true, message: PortalMessages.frameOrigin },
  )
  frame_origins?: string[];
}

export class PortalSettingsResponse {
  @ApiProperty({ nullable: true, type: String, example: 'Acme Health' })
  display_name!: string | null;

  @ApiProperty({ nullable: true, type: String, example: 'https://acme.example/logo.png' })
  logo_url!: string | null;

  @ApiProperty({ example: PORTAL_DEFAULT_COLOR })
  color!: string;

  @ApiProperty({ type: [String], example: ['https://app.acme.example'] })
  frame_origins!: string[];

  @ApiProperty({ nullable: true, type: String, format: 'date-time', example: EXAMPLE_TIME })
  updated_at!: string | null;
}

export class PortalAuditQuery {
  @ApiPropertyOptional({
    default: PORTAL_AUDIT_LIST_DEFAULT_LIMIT,
    minimum: 1,
    maximum: PORTAL_AUDIT_LIST_MAX_LIMIT,
  })
  @IsOptional()
  @QueryInteger(1, PORTAL_AUDIT_LIST_MAX_LIMIT)
  limit?: number;

  @ApiPropertyOptional({ default: 0, minimum: 0, maximum: PAGE_OFFSET_MAX })
  @IsOptional()
  @QueryInteger(0, PAGE_OFFSET_MAX)
  offset?: number;
}

export class PortalAuditEntryResponse {
  @ApiProperty({ example: '0b9f6c1e-2f4a-4c3e-9d7b-5a1e2c3d4f60' })
  id!: string;

  @ApiProperty({ example: 'customer-42' })
  end_user_id!: string;

  @ApiProperty({
    enum: PORTAL_ACTIONS,
    description:
      'viewed (the portal listed the memories), corrected (one memory’s text), forgot (one memory), ' +
      'forgot_all (the end user’s memories, conversations and uploads), exported (the JSON download).',
  })
  action!: PortalAction;

  @ApiProperty({ nullable: true, type: String, description: 'The memory corrected or forgotten.' })
  memory_id!: string | null;

  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'How many memories the action covered (viewed, exported, forgot_all).',
  })
  memory_count!: number | null;

  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME })
  at!: string;
}

export class PortalAuditResponse {
  @ApiProperty({ type: [PortalAuditEntryResponse], description: 'Newest first.' })
  entries!: PortalAuditEntryResponse[];

  @ApiProperty({ example: PORTAL_AUDIT_LIST_DEFAULT_LIMIT })
  limit!: number;

  @ApiProperty({ example: 0 })
  offset!: number;

  @ApiProperty({ example: 3 })
  total_count!: number;
}
