import type { NextFunction, Request, Response } from 'express';
import { API_KEY_HEADER } from '../auth/api-key-principal.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * MCP clients send credentials as `Authorization: Bearer <key>`: on /mcp that key is the API key, read by
 * ApiKeyGuard as if it came in X-API-Key. An X-API-Key header, when present, wins.
 */
export function bearerAsApiKey(request: Request, _response: Response, next: NextFunction): void {
  if (request.headers[API_KEY_HEADER] === undefined) {
    const bearer = BEARER.exec(request.headers.authorization ?? '');
    if (bearer?.[1]) request.headers[API_KEY_HEADER] = bearer[1];
  }
  next();
}
