import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Min,
  Max,
  Validate,
  type ValidatorConstraintInterface,
  ValidatorConstraint,
} from 'class-validator';
import { defineSubject } from '../common/envelope.js';
import { PAGE_OFFSET_MAX } from '../common/request-limits.js';
import { MEMORY_SCOPE_ID_MAX_LENGTH } from '../rules/memory.rules.js';
import {
  isPortalFrameOrigin,
  isPortalLogoUrl,
  PORTAL_ACTIONS,
  PORTAL_AUDIT_LIST_MAX_LIMIT,
  PORTAL_COLOR_PATTERN,
  PORTAL_DISPLAY_NAME_MAX_LENGTH,
  PORTAL_FRAME_ORIGIN_MAX_LENGTH,
  PORTAL_FRAME_ORIGINS_MAX,
  PORTAL_LOGO_URL_MAX_LENGTH,
  type PortalAction,
  PortalMessages,
} from '../rules/portal.rules.js';

@ValidatorConstraint({ name: 'isPortalLogoUrl' })
class PortalLogoUrlRule implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isPortalLogoUrl(value);
  }
}

@ValidatorConstraint({ name: 'isPortalFrameOrigin' })
class PortalFrameOriginRule implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isPortalFrameOrigin(value);
  }
}

/** `identity.portal-settings.get.v1` (user): the account's portal appearance and embedding. */
export class GetPortalSettingsRequest {}

/**
 * `identity.portal-settings.update.v1` (user): fields left out keep their value; `null` clears a field (the
 * portal then shows the account's name, no logo, the default colour).
 */
export class UpdatePortalSettingsRequest {
  @IsOptional()
  @IsString()
  @MaxLength(PORTAL_DISPLAY_NAME_MAX_LENGTH)
  displayName?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(PORTAL_LOGO_URL_MAX_LENGTH)
  @Validate(PortalLogoUrlRule, { message: PortalMessages.logoUrl })
  logoUrl?: string | null;

  @IsOptional()
  @Matches(PORTAL_COLOR_PATTERN, { message: PortalMessages.colorFormat })
  color?: string | null;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(PORTAL_FRAME_ORIGINS_MAX, { message: PortalMessages.frameOriginsTooMany })
  @IsString({ each: true })
  @MaxLength(PORTAL_FRAME_ORIGIN_MAX_LENGTH, { each: true })
  @Validate(PortalFrameOriginRule, { each: true, message: PortalMessages.frameOrigin })
  frameOrigins?: string[];
}

/**
 * The change an edge sends for a settings form or body: fields left out stay out, and a blank text becomes null
 * (a cleared form field means "use the default").
 */
export function toPortalSettingsChange(fields: {
  readonly displayName?: string | null | undefined;
  readonly logoUrl?: string | null | undefined;
  readonly color?: string | null | undefined;
  readonly frameOrigins?: readonly string[] | null | undefined;
}): UpdatePortalSettingsRequest {
  const text = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());
  return {
    ...(fields.displayName !== undefined ? { displayName: text(fields.displayName) } : {}),
    ...(fields.logoUrl !== undefined ? { logoUrl: text(fields.logoUrl) } : {}),
    ...(fields.color !== undefined ? { color: text(fields.color) } : {}),
    ...(fields.frameOrigins !== undefined ? { frameOrigins: [...(fields.frameOrigins ?? [])] } : {}),
  };
}

/** `identity.portal-audit.record.v1` (user): one action an end user took in the portal. */
export class RecordPortalActionRequest {
  /** Chosen by the caller, so a retried record is stored once. */
  @IsUUID()
  id!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(MEMORY_SCOPE_ID_MAX_LENGTH)
  endUserId!: string;

  @IsIn(PORTAL_ACTIONS)
  action!: PortalAction;

  /** The memory corrected or forgotten. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  memoryId?: string;

  /** How many memories the action touched (viewed, exported, forgot all). */
  @IsOptional()
  @IsInt()
  @Min(0)
  memoryCount?: number;
}

/** `identity.portal-audit.list.v1` (user): newest first; one end user's, or the whole account's. */
export class ListPortalAuditRequest {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MEMORY_SCOPE_ID_MAX_LENGTH)
  endUserId?: string;

  @IsInt()
  @Min(1)
  @Max(PORTAL_AUDIT_LIST_MAX_LIMIT)
  limit!: number;

  @IsInt()
  @Min(0)
  @Max(PAGE_OFFSET_MAX)
  offset!: number;
}

export interface PortalSettingsView {
  readonly displayName: string | null;
  readonly logoUrl: string | null;
  /** `#rrggbb`; the default colour when the account chose none. */
  readonly color: string;
  readonly frameOrigins: readonly string[];
  readonly updatedAt: string | null;
}

export interface PortalAuditEntryView {
  readonly id: string;
  readonly endUserId: string;
  readonly action: PortalAction;
  readonly memoryId: string | null;
  readonly memoryCount: number | null;
  readonly at: string;
}

export interface PortalAuditListView {
  readonly entries: readonly PortalAuditEntryView[];
  readonly limit: number;
  readonly offset: number;
  readonly totalCount: number;
}

/** The portal's subjects, answered by identity (it keeps the account's settings and the audit log). */
export const PortalSubjects = {
  /** (user) */
  getSettings: defineSubject<GetPortalSettingsRequest, PortalSettingsView>(
    'identity',
    'identity.portal-settings.get.v1',
    { idempotent: true },
  ),
  /** (user) */
  updateSettings: defineSubject<UpdatePortalSettingsRequest, PortalSettingsView>(
    'identity',
    'identity.portal-settings.update.v1',
  ),
  /** (user) */
  recordAction: defineSubject<RecordPortalActionRequest, PortalAuditEntryView>(
    'identity',
    'identity.portal-audit.record.v1',
  ),
  /** (user) */
  listAudit: defineSubject<ListPortalAuditRequest, PortalAuditListView>(
    'identity',
    'identity.portal-audit.list.v1',
    {
      idempotent: true,
    },
  ),
} as const;
