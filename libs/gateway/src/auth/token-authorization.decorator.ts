import { SetMetadata } from '@nestjs/common';

export const ACCEPTS_TOKEN_AUTHORIZATION = 'membolt:accepts-token-authorization';

/**
 * Lets a controller's routes also take the key as `Authorization: Token <key>` (the header Mem0's clients
 * send), beside `X-API-Key`. Only the Mem0-compatible routes carry it: everywhere else the one header stays.
 */
export const AcceptsTokenAuthorization = (): ClassDecorator => SetMetadata(ACCEPTS_TOKEN_AUTHORIZATION, true);
