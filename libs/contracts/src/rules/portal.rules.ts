// The end users' portal ("what this app remembers about you"): its link and the account's portal settings.
// Plain constants and pure checks, shared by the server and the web app's Settings card.

/** A portal link lives this long unless the developer asks for another expiry. */
export const PORTAL_LINK_DEFAULT_TTL_SECONDS = 15 * 60;
/** A portal link never lives longer than an hour. */
export const PORTAL_LINK_MAX_TTL_SECONDS = 60 * 60;
export const PORTAL_LINK_MIN_TTL_SECONDS = 60;

export const PORTAL_DISPLAY_NAME_MAX_LENGTH = 100;
export const PORTAL_LOGO_URL_MAX_LENGTH = 2048;
/** Origins allowed to show the portal in an iframe (CSP frame-ancestors). */
export const PORTAL_FRAME_ORIGINS_MAX = 20;
export const PORTAL_FRAME_ORIGIN_MAX_LENGTH = 255;
export const PORTAL_DEFAULT_COLOR = '#1976d2';
export const PORTAL_AUDIT_LIST_DEFAULT_LIMIT = 50;
export const PORTAL_AUDIT_LIST_MAX_LIMIT = 200;

/** What an end user did in the portal, as the audit log records it. */
export const PORTAL_ACTIONS = ['viewed', 'corrected', 'forgot', 'forgot_all', 'exported'] as const;
export type PortalAction = (typeof PORTAL_ACTIONS)[number];

/** `#rrggbb`: a colour that can be written into a style sheet as it is. */
export const PORTAL_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export const PortalMessages = {
  colorFormat: 'color must be a colour such as #1976d2',
  logoUrl: 'logo_url must be an https:// URL (or http:// on localhost)',
  frameOrigin:
    'frame_origins must be origins such as https://app.example.com (scheme, host and optional port; no path)',
  frameOriginsTooMany: `frame_origins may list at most ${PORTAL_FRAME_ORIGINS_MAX} origins`,
} as const;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a logo URL is one a page served over HTTPS may show: https, or http on a loopback host. */
export function isPortalLogoUrl(value: string): boolean {
  const match = /^(https?):\/\/([^/?#\s]+)(?:[/?#]\S*)?$/i.exec(value);
  if (!match) return false;
  const host = (match[2] ?? '')
    .replace(/^[^@]*@/, '')
    .replace(/:\d+$/, '')
    .toLowerCase();
  return match[1]?.toLowerCase() === 'https' || LOOPBACK_HOSTS.has(host);
}

/**
 * Whether a value is an origin that may go into CSP frame-ancestors as it is: http(s), a host of letters,
 * digits, dots and dashes (or a leading `*.` wildcard), an optional port, nothing after. No quotes, spaces or
 * semicolons can reach the header.
 */
export function isPortalFrameOrigin(value: string): boolean {
  return /^https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i.test(
    value,
  );
}
