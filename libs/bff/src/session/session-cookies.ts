import type { SessionView } from '@membolt/contracts';
import type { CookieOptions, Request, Response } from 'express';

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
export function setSessionCookies(res: Response, session: SessionView, options: SessionCookieOptions): void {
  const base: CookieOptions = { httpOnly: true, sameSite: 'lax', secure: options.secure };
  const lifetime = (expiresAt: string) =>
    session.persistent ? { maxAge: Math.max(0, new Date(expiresAt).getTime() - Date.now()) } : {};
  res.cookie(ACCESS_COOKIE, session.accessToken, {
    ...base,
    path: '/',
    ...lifetime(session.accessTokenExpiresAt),
  });
  res.cookie(REFRESH_COOKIE, session.refreshToken, {
    ...base,
    path: REFRESH_COOKIE_PATH,
    ...lifetime(session.refreshTokenExpiresAt),
  });
}

export function clearSessionCookies(res: Response, options: SessionCookieOptions): void {
  const base: CookieOptions = { httpOnly: true, sameSite: 'lax', secure: options.secure };
  res.clearCookie(ACCESS_COOKIE, { ...base, path: '/' });
  res.clearCookie(REFRESH_COOKIE, { ...base, path: REFRESH_COOKIE_PATH });
}

export function readCookie(req: Request, name: string): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
