import type { SessionView } from '@membolt/contracts';
import { clearCookie, type EdgeReply, type EdgeRequest, setCookie } from '@membolt/edge';

export const ACCESS_COOKIE = 'mb_at';
export const REFRESH_COOKIE = 'mb_rt';
/** The refresh token only travels to the GraphQL endpoint, where refresh and sign-out happen. */
const REFRESH_COOKIE_PATH = '/graphql';

export interface SessionCookieOptions {
  readonly secure: boolean;
}

/**
 * The one rule for every cookie the BFF sets: Secure exactly when the product's public origin is https (a
 * plain-http origin, such as localhost, would never get a Secure cookie back from the browser).
 */
export function cookieOptionsFor(publicUrl: string): SessionCookieOptions {
  return { secure: publicUrl.startsWith('https://') };
}

/**
 * Sets the session cookies from an identity session: httpOnly, SameSite=Lax. "Remember me" unticked gives
 * browser-session cookies (no Max-Age) so the session ends with the browser.
 */
export function setSessionCookies(res: EdgeReply, session: SessionView, options: SessionCookieOptions): void {
  const base = { httpOnly: true, sameSite: 'lax', secure: options.secure } as const;
  const lifetime = (expiresAt: string) =>
    session.persistent ? { maxAgeMs: Math.max(0, new Date(expiresAt).getTime() - Date.now()) } : {};
  setCookie(res, ACCESS_COOKIE, session.accessToken, {
    ...base,
    path: '/',
    ...lifetime(session.accessTokenExpiresAt),
  });
  setCookie(res, REFRESH_COOKIE, session.refreshToken, {
    ...base,
    path: REFRESH_COOKIE_PATH,
    ...lifetime(session.refreshTokenExpiresAt),
  });
}

export function clearSessionCookies(res: EdgeReply, options: SessionCookieOptions): void {
  const base = { httpOnly: true, sameSite: 'lax', secure: options.secure } as const;
  clearCookie(res, ACCESS_COOKIE, { ...base, path: '/' });
  clearCookie(res, REFRESH_COOKIE, { ...base, path: REFRESH_COOKIE_PATH });
}

export function readCookie(req: Pick<EdgeRequest, 'cookies'>, name: string): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
