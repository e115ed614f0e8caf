import { z } from 'zod';
import { defineSubject } from '../common/envelope.js';
import { PAGE_OFFSET_MAX } from '../common/request-limits.js';
import {
  boundedString,
  distinctTexts,
  integerField,
  mustBeShorter,
  oneOf,
  optional,
} from '../common/wire-schema.js';
import { filledString, uuidString } from '../common/wire-strings.js';
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
  PortalMessages,
} from '../rules/portal.rules.js';

/*
 * The portal's requests are zod schemas refusing with the texts of the class-validator classes they replace,
 * each field's texts in the order its decorators were checked (the last one first).
 */

const NOT_A_STRING = '$property must be a string';

/** A text of at most `max` characters that `rule` accepts; a value that is no string breaks every rule. */
const checkedText = (max: number, rule: (value: string) => boolean, ruleText: string) =>
  z.string({ error: distinctTexts(ruleText, mustBeShorter(max), NOT_A_STRING) }).check((ctx) => {
    const problems = [
      ...(rule(ctx.value) ? [] : [ruleText]),
      ...(ctx.value.length > max ? [mustBeShorter(max)] : []),
    ];
    if (problems.length > 0)
      ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: ctx.value });
  });

/** A count: an integer from 0 (`@IsInt() @Min(0)`). */
const countField = () => {
  const less = '$property must not be less than 0';
  const integer = '$property must be an integer number';
  return z.number({ error: distinctTexts(less, integer) }).check((ctx) => {
    const problems = [...(ctx.value < 0 ? [less] : []), ...(Number.isInteger(ctx.value) ? [] : [integer])];
    if (problems.length > 0)
      ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: ctx.value });
  });
};

const FRAME_ORIGIN_TOO_LONG = `each value in ${mustBeShorter(PORTAL_FRAME_ORIGIN_MAX_LENGTH)}`;

/**
 * The origins allowed to embed the portal: a list of at most PORTAL_FRAME_ORIGINS_MAX origins, each a string
 * of bounded length that `isPortalFrameOrigin` accepts. A value that is no list is checked as one origin, as
 * class-validator's `each` did, and told it is no list. Null clears the list as null clears a text (the class
 * let it through to an update that then failed).
 */
const frameOrigins = () =>
  z.unknown().transform((value, ctx) => {
    if (value === null) return [];
    const list = Array.isArray(value);
    const items: readonly unknown[] = list ? value : [value];
    const strings = items.every((item) => typeof item === 'string');
    const problems = [
      ...(items.every((item) => typeof item === 'string' && isPortalFrameOrigin(item))
        ? []
        : [PortalMessages.frameOrigin]),
      ...(items.every((item) => typeof item === 'string' && item.length <= PORTAL_FRAME_ORIGIN_MAX_LENGTH)
        ? []
        : [FRAME_ORIGIN_TOO_LONG]),
      ...(strings ? [] : ['each value in $property must be a string']),
      ...(list && value.length <= PORTAL_FRAME_ORIGINS_MAX ? [] : [PortalMessages.frameOriginsTooMany]),
      ...(list ? [] : ['$property must be an array']),
    ];
    if (problems.length > 0)
      ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: value });
    return items as string[];
  });

/** `identity.portal-settings.get.v1` (user): the account's portal appearance and embedding. */
export const GetPortalSettingsRequest = z.strictObject({});
export type GetPortalSettingsRequest = z.output<typeof GetPortalSettingsRequest>;

/**
 * `identity.portal-settings.update.v1` (user): fields left out keep their value; `null` clears a field (the
 * portal then shows the account's name, no logo, the default colour, no embedding origin).
 */
export const UpdatePortalSettingsRequest = z.strictObject({
  displayName: z
    .string({ error: distinctTexts(mustBeShorter(PORTAL_DISPLAY_NAME_MAX_LENGTH), NOT_A_STRING) })
    .max(PORTAL_DISPLAY_NAME_MAX_LENGTH, mustBeShorter(PORTAL_DISPLAY_NAME_MAX_LENGTH))
    .nullable()
    .optional(),
  logoUrl: checkedText(PORTAL_LOGO_URL_MAX_LENGTH, isPortalLogoUrl, PortalMessages.logoUrl)
    .nullable()
    .optional(),
  color: z
    .string({ error: PortalMessages.colorFormat })
    .regex(PORTAL_COLOR_PATTERN, PortalMessages.colorFormat)
    .nullable()
    .optional(),
  frameOrigins: frameOrigins().optional(),
});
export type UpdatePortalSettingsRequest = z.output<typeof UpdatePortalSettingsRequest>;

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
export const RecordPortalActionRequest = z.strictObject({
  /** Chosen by the caller, so a retried record is stored once. */
  id: uuidString(),
  endUserId: filledString(MEMORY_SCOPE_ID_MAX_LENGTH),
  action: oneOf(PORTAL_ACTIONS),
  /** The memory corrected or forgotten. */
  memoryId: optional(boundedString(200, { lengthTextFirst: true })),
  /** How many memories the action touched (viewed, exported, forgot all). */
  memoryCount: optional(countField()),
});
export type RecordPortalActionRequest = z.output<typeof RecordPortalActionRequest>;

/** `identity.portal-audit.list.v1` (user): newest first; one end user's, or the whole account's. */
export const ListPortalAuditRequest = z.strictObject({
  endUserId: optional(filledString(MEMORY_SCOPE_ID_MAX_LENGTH)),
  limit: integerField(1, PORTAL_AUDIT_LIST_MAX_LIMIT),
  offset: integerField(0, PAGE_OFFSET_MAX),
});
export type ListPortalAuditRequest = z.output<typeof ListPortalAuditRequest>;

export const PortalSettingsView = z
  .object({
    displayName: z.string().nullable(),
    logoUrl: z.string().nullable(),
    /** `#rrggbb`; the default colour when the account chose none. */
    color: z.string(),
    frameOrigins: z.array(z.string()).readonly(),
    updatedAt: z.string().nullable(),
  })
  .readonly();
export type PortalSettingsView = z.output<typeof PortalSettingsView>;

export const PortalAuditEntryView = z
  .object({
    id: z.string(),
    endUserId: z.string(),
    action: z.enum(PORTAL_ACTIONS),
    memoryId: z.string().nullable(),
    memoryCount: z.int().nullable(),
    at: z.string(),
  })
  .readonly();
export type PortalAuditEntryView = z.output<typeof PortalAuditEntryView>;

export const PortalAuditListView = z
  .object({
    entries: z.array(PortalAuditEntryView).readonly(),
    limit: z.int(),
    offset: z.int(),
    totalCount: z.int(),
  })
  .readonly();
export type PortalAuditListView = z.output<typeof PortalAuditListView>;

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
