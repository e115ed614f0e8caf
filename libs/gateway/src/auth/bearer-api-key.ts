import { SetMetadata } from '@nestjs/common';
import { type EdgeRequest, headerOf } from '@membolt/edge';
import { API_KEY_HEADER } from './api-key-principal.js';

/** The OpenAPI security scheme of `Authorization: Bearer <key>` (registered by the gateway's docs). */
export const BEARER_SECURITY_SCHEME = 'Bearer';

export const ACCEPTS_BEARER_API_KEY = 'membolt:accepts-bearer-api-key';

/**
 * The routes of a controller also take the key as `Authorization: Bearer <key>`, which clients written for
 * another API send (the official `openai` package). Only there: everywhere else a bearer token is not a key.
 */
export const AcceptsBearerApiKey = (): ClassDecorator => SetMetadata(ACCEPTS_BEARER_API_KEY, true);

/** The `Authorization` schemes a controller may accept the key in (`Token` is Mem0's). */
export type KeyAuthorizationScheme = 'Bearer' | 'Token';

const AUTHORIZATION: Record<KeyAuthorizationScheme, RegExp> = {
  Bearer: /^Bearer\s+(\S+)\s*$/i,
  Token: /^Token\s+(\S+)\s*$/i,
};

/** The key a request presents: `X-API-Key` first, then, where the controller accepts one, `Authorization`. */
export function presentedApiKey(
  request: EdgeRequest,
  scheme: KeyAuthorizationScheme | undefined,
): string | undefined {
  const header = headerOf(request, API_KEY_HEADER);
  if (header || !scheme) return header;
  return AUTHORIZATION[scheme].exec(headerOf(request, 'authorization') ?? '')?.[1];
}
