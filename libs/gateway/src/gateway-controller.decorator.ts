import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants.js';
import {
  ApiForbiddenResponse,
  ApiSecurity,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ApiKeyGuard } from './auth/api-key.guard.js';
import { ACCEPTS_TOKEN_AUTHORIZATION } from './auth/token-authorization.decorator.js';
import { ApiErrorResponse } from './common/api-error.response.js';
import { IS_PUBLIC_ROUTE } from './public.decorator.js';

/** The OpenAPI security scheme of the gateway (DocumentBuilder.addApiKey registers it under this name). */
export const API_KEY_SECURITY_SCHEME = 'X-API-Key';
/** `Authorization: Token <key>`, the alternative of @AcceptsTokenAuthorization() controllers. */
export const TOKEN_SECURITY_SCHEME = 'Token';

const guardedRouteDocs = applyDecorators(
  ApiSecurity(API_KEY_SECURITY_SCHEME),
  ApiUnauthorizedResponse({
    type: ApiErrorResponse,
    description: 'missing_api_key, invalid_api_key or revoked_api_key',
  }),
  ApiTooManyRequestsResponse({
    type: ApiErrorResponse,
    description: 'rate_limited; the Retry-After header says when to retry',
  }),
);

/**
 * Every gateway controller: ApiKeyGuard on every route (routes marked @Public() pass through it; it also makes the
 * key's owner the acting user of the handler and opens the metering scope that @Metered routes use), and the
 * X-API-Key security requirement in the OpenAPI document on every route that is not public. Put @Public() on the methods, not on the class.
 */
export function GatewayController(path = ''): ClassDecorator {
  return (target) => {
    applyDecorators(Controller(path), UseGuards(ApiKeyGuard))(target);
    // Method decorators have run by now, so @Public() can be read here.
    const prototype = target.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
      const handler: unknown = descriptor?.value;
      if (
        !descriptor ||
        name === 'constructor' ||
        typeof handler !== 'function' ||
        !Reflect.hasMetadata(METHOD_METADATA, handler)
      )
        continue;
      if (Reflect.getMetadata(IS_PUBLIC_ROUTE, handler) === true) continue;
      guardedRouteDocs(prototype, name, descriptor);
      // Put @AcceptsTokenAuthorization() below @GatewayController() so it is set when this runs.
      if (Reflect.getMetadata(ACCEPTS_TOKEN_AUTHORIZATION, target) === true) {
        ApiSecurity(TOKEN_SECURITY_SCHEME)(prototype, name, descriptor);
      }
      if (path.includes(':userId')) {
        ApiForbiddenResponse({
          type: ApiErrorResponse,
          description: 'api_key_foreign_user: the key belongs to another user',
        })(prototype, name, descriptor);
      }
    }
  };
}
