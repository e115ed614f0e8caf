import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { EdgeRequest } from '@membolt/edge';

/** The owner of the key a request was authenticated with. */
export interface ApiKeyPrincipal {
  readonly userId: string;
  readonly keyId: string;
  readonly permissions: ReadonlyArray<'read' | 'write'>;
}

export const API_KEY_HEADER = 'x-api-key';

/** A gateway request after ApiKeyGuard: `apiKey` is set on every route that is not @Public(). */
export type ApiKeyRequest = EdgeRequest & { apiKey?: ApiKeyPrincipal };

/** The authenticated key's owner. Only on guarded routes: on a @Public() route there is none. */
export const CurrentApiKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ApiKeyPrincipal => {
    const principal = context.switchToHttp().getRequest<ApiKeyRequest>().apiKey;
    if (!principal) throw new Error('@CurrentApiKey() used on a route that ApiKeyGuard did not authenticate');
    return principal;
  },
);
