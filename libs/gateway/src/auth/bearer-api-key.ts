import { SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import { API_KEY_HEADER } from './api-key-principal.js';

/** The OpenAPI security scheme of `Authorization: Bearer <key>` (registered by the gateway's docs). */
export const BEARER_SECURITY_SCHEME = 'Bearer';

export const ACCEPTS_BEARER_API_KEY = 'membolt:accepts-bearer-api-key';

/**
 * The routes of a controller also take the key as `Authorization: Bearer <key>`, which clients written for
 * another API send (the official `openai` package). Only there: everywhere else a bearer token is not a key.
 */
export const AcceptsBearerApiKey = (): ClassDecorator => SetMetadata(ACCEPTS_BEARER_API_KEY, true);

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The key a request presents: `X-API-Key` first, then, where accepted, the bearer token. */
export function presentedApiKey(request: Request, acceptsBearer: boolean): string | undefined {
  const header = request.header(API_KEY_HEADER);
  if (header || !acceptsBearer) return header;
  return BEARER.exec(request.header('authorization') ?? '')?.[1];
}
