import { type EdgeReply, type EdgeRequest, setCookie } from '@membolt/edge';
import { readCookie, type SessionCookieOptions } from './session-cookies.js';

/**
 * The known-device cookie: identity's device token from the last password sign-in in this browser. It
 * outlives sign-out on purpose, so failed sign-ins made elsewhere never lock this browser out
 * (docs/decisions/017-sign-in-throttling-and-password-policy.md). Only the GraphQL endpoint, where sign-in happens, receives it.
 */
const DEVICE_COOKIE = 'mb_dv';
const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export function readDeviceToken(req: EdgeRequest): { deviceToken?: string } {
  const deviceToken = readCookie(req, DEVICE_COOKIE);
  return deviceToken ? { deviceToken } : {};
}

export function setDeviceCookie(
  res: EdgeReply,
  deviceToken: string | undefined,
  options: SessionCookieOptions,
): void {
  if (!deviceToken) return;
  setCookie(res, DEVICE_COOKIE, deviceToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: '/graphql',
    maxAgeMs: DEVICE_COOKIE_MAX_AGE_MS,
  });
}
