import {
  optional,
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
  PortalAuditEntryView,
  PortalAuditListView,
  PortalSettingsView,
} from '@membolt/contracts';
import { z } from 'zod';
import { restExample, restObjectType, restObjectTypeOf } from '../common/rest-object-type.js';
import { checked, queryDoc, queryInteger, restQueryType } from '../common/rest-query.js';

const EXAMPLE_TIME = '2026-11-27T10:15:00.000Z';

/*
 * The portal's bodies and query are zod schemas with the texts of the class-validator classes they replaced,
 * each field's rules in the order those classes checked them (docs/decisions/213-rest-bodies-and-queries-as-zod-schemas.md);
 * the document classes show the fields as those classes did.
 */

const EXPIRES_IN_RANGE = `expires_in must be from ${PORTAL_LINK_MIN_TTL_SECONDS} to ${PORTAL_LINK_MAX_TTL_SECONDS} seconds`;
const mintLink = {
  expires_in: optional(
    checked<number>(
      [EXPIRES_IN_RANGE, (value) => typeof value === 'number' && value <= PORTAL_LINK_MAX_TTL_SECONDS],
      [EXPIRES_IN_RANGE, (value) => typeof value === 'number' && value >= PORTAL_LINK_MIN_TTL_SECONDS],
      ['expires_in must be a whole number of seconds', (value) => Number.isInteger(value)],
    ),
  ).meta(
    queryDoc(Number, {
      description: 'How long the link opens the portal, in seconds.',
      default: PORTAL_LINK_DEFAULT_TTL_SECONDS,
      minimum: PORTAL_LINK_MIN_TTL_SECONDS,
      maximum: PORTAL_LINK_MAX_TTL_SECONDS,
    }),
  ),
};
/** `POST …/end_users/{endUserId}/portal`. */
export const MintPortalLinkBodySchema = z.strictObject(mintLink);
export const MintPortalLinkBody = restQueryType('MintPortalLinkBody', mintLink);
export type MintPortalLinkBody = z.output<typeof MintPortalLinkBodySchema>;

/** A portal link: minted and signed by the gateway (no service has a view of it), so defined here. */
export const PortalLinkResponse = restObjectType(
  'PortalLinkResponse',
  z.object({
    url: z.string().meta({
      description:
        'Open it in the end user’s browser (a new tab, a redirect or an iframe on an allowed origin).',
      rest: { example: 'https://membolt.example.com/portal/p1.eyJ1Ijo….Zx3…' },
    }),
    token: z.string().meta({
      description: 'The signed token inside the URL; it is the whole permission, keep it private.',
    }),
    endUserId: z.string().meta({ rest: { example: 'customer-42' } }),
    expiresAt: z.string().meta({ rest: { format: 'date-time', example: EXAMPLE_TIME } }),
  }),
);
export type PortalLinkResponse = InstanceType<typeof PortalLinkResponse>;

const isString = (value: unknown): value is string => typeof value === 'string';
const DISPLAY_NAME_TOO_LONG = `display_name must be at most ${PORTAL_DISPLAY_NAME_MAX_LENGTH} characters`;
const COLOR = new RegExp(`${PORTAL_COLOR_PATTERN.source}|^$`);
/** A setting given as null is kept as null: it resets the setting (as "" does). */
const resettable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

const portalSettings = {
  display_name: resettable(
    checked<string>(
      [DISPLAY_NAME_TOO_LONG, (value) => isString(value) && value.length <= PORTAL_DISPLAY_NAME_MAX_LENGTH],
      ['display_name must be a string', isString],
    ),
  ).meta(
    queryDoc(String, {
      nullable: true,
      type: String,
      maxLength: PORTAL_DISPLAY_NAME_MAX_LENGTH,
      description: 'The name the portal shows (default: the account’s name is not shown, only "this app").',
      example: 'Acme Health',
    }),
  ),
  logo_url: resettable(
    checked<string>([
      PortalMessages.logoUrl,
      (value) =>
        isString(value) &&
        (value.trim() === '' ||
          (value.length <= PORTAL_LOGO_URL_MAX_LENGTH && isPortalLogoUrl(value.trim()))),
    ]),
  ).meta(
    queryDoc(String, {
      nullable: true,
      type: String,
      description: 'An https:// image URL shown at the top of the portal.',
      example: 'https://acme.example/logo.png',
    }),
  ),
  color: resettable(
    checked<string>([PortalMessages.colorFormat, (value) => isString(value) && COLOR.test(value)]),
  ).meta(
    queryDoc(String, {
      nullable: true,
      type: String,
      pattern: '^#[0-9a-fA-F]{6}$',
      description: `The accent colour (default ${PORTAL_DEFAULT_COLOR}).`,
      example: '#0f766e',
    }),
  ),
  // The origin rule is checked on the value itself when it is no list, as class-validator's `each` did.
  frame_origins: resettable(
    checked<string[]>(
      [
        PortalMessages.frameOrigin,
        (value) => (Array.isArray(value) ? value.every(isFrameOrigin) : isFrameOrigin(value)),
      ],
      [
        PortalMessages.frameOriginsTooMany,
        (value) => Array.isArray(value) && value.length <= PORTAL_FRAME_ORIGINS_MAX,
      ],
      ['frame_origins must be an array of origins', Array.isArray],
    ),
  ).meta(
    queryDoc(Array, {
      type: [String],
      maxItems: PORTAL_FRAME_ORIGINS_MAX,
      description:
        'Origins allowed to show the portal in an iframe (CSP frame-ancestors); empty: only Membolt’s own origin.',
      example: ['https://app.acme.example'],
    }),
  ),
};
function isFrameOrigin(value: unknown): boolean {
  return isString(value) && value.length <= PORTAL_FRAME_ORIGIN_MAX_LENGTH && isPortalFrameOrigin(value);
}
/** `PUT …/portal_settings`: fields left out keep their value; null (or "") resets one. */
export const PortalSettingsBodySchema = z.strictObject(portalSettings);
export const PortalSettingsBody = restQueryType('PortalSettingsBody', portalSettings);
export type PortalSettingsBody = z.output<typeof PortalSettingsBodySchema>;

const settings = PortalSettingsView.unwrap().shape;
/** The portal's settings on the REST wire: the contract's view (identity/portal.ts) under snake_case names. */
export const PortalSettingsResponse = restObjectType(
  'PortalSettingsResponse',
  z.object({
    displayName: restExample(settings.displayName, 'Acme Health'),
    logoUrl: restExample(settings.logoUrl, 'https://acme.example/logo.png'),
    color: restExample(settings.color, PORTAL_DEFAULT_COLOR),
    frameOrigins: restExample(settings.frameOrigins, ['https://app.acme.example']),
    updatedAt: settings.updatedAt.meta({ rest: { format: 'date-time', example: EXAMPLE_TIME } }),
  }),
);
export type PortalSettingsResponse = InstanceType<typeof PortalSettingsResponse>;

const auditQuery = {
  limit: optional(queryInteger(1, PORTAL_AUDIT_LIST_MAX_LIMIT)).meta(
    queryDoc(Number, {
      default: PORTAL_AUDIT_LIST_DEFAULT_LIMIT,
      minimum: 1,
      maximum: PORTAL_AUDIT_LIST_MAX_LIMIT,
    }),
  ),
  offset: optional(queryInteger(0, PAGE_OFFSET_MAX)).meta(
    queryDoc(Number, { default: 0, minimum: 0, maximum: PAGE_OFFSET_MAX }),
  ),
};
export const PortalAuditQuerySchema = z.strictObject(auditQuery);
export const PortalAuditQuery = restQueryType('PortalAuditQuery', auditQuery);
export type PortalAuditQuery = z.output<typeof PortalAuditQuerySchema>;

const entry = PortalAuditEntryView.unwrap().shape;
export const PortalAuditEntryResponse = restObjectType(
  'PortalAuditEntryResponse',
  z.object({
    id: restExample(entry.id, '0b9f6c1e-2f4a-4c3e-9d7b-5a1e2c3d4f60'),
    endUserId: restExample(entry.endUserId, 'customer-42'),
    action: entry.action.meta({
      rest: {
        description:
          'viewed (the portal listed the memories), corrected (one memory’s text), forgot (one memory), ' +
          'forgot_all (the end user’s memories, conversations and uploads), exported (the JSON download).',
      },
    }),
    memoryId: entry.memoryId.meta({ rest: { description: 'The memory corrected or forgotten.' } }),
    memoryCount: entry.memoryCount.meta({
      rest: { description: 'How many memories the action covered (viewed, exported, forgot_all).' },
    }),
    at: entry.at.meta({ rest: { format: 'date-time', example: EXAMPLE_TIME } }),
  }),
);
export type PortalAuditEntryResponse = InstanceType<typeof PortalAuditEntryResponse>;

const auditList = PortalAuditListView.unwrap().shape;
export const PortalAuditResponse = restObjectTypeOf<{
  entries: PortalAuditEntryResponse[];
  limit: number;
  offset: number;
  total_count: number;
}>(
  'PortalAuditResponse',
  z.object({
    entries: auditList.entries.meta({ description: 'Newest first.' }),
    limit: restExample(auditList.limit, PORTAL_AUDIT_LIST_DEFAULT_LIMIT),
    offset: restExample(auditList.offset, 0),
    totalCount: restExample(auditList.totalCount, 3),
  }),
  { types: { entries: () => [PortalAuditEntryResponse] } },
);
export type PortalAuditResponse = InstanceType<typeof PortalAuditResponse>;
