import { Body, Get, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ContractValidationPipe } from '@membolt/platform';
import { headerOf } from '@membolt/edge';
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_HEADER,
  type ApiKeyPrincipal,
  type ApiKeyRequest,
  CurrentApiKey,
} from '../auth/api-key-principal.js';
import { ApiErrorResponse } from '../common/api-error.response.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import { apiKeyNotTheHeaderKey, apiKeyOfAnotherUser } from '../gateway.errors.js';
import { toGatewayHealthResponse, toRegisteredUserResponse } from '../gateway.views.js';
import {
  GatewayHealthResponse,
  RegisteredUserResponse,
  RegisterInitialUserBody,
  RegisterInitialUserBodySchema,
} from './account.dto.js';

/** Compares two keys in constant time (through their digests, which have equal lengths). */
function sameKey(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

@ApiTags('account')
@GatewayController()
export class AccountController {
  @Get('health')
  @ApiOperation({ summary: 'Checks the key and tells whose it is.' })
  @ApiOkResponse({ type: GatewayHealthResponse })
  health(@CurrentApiKey() key: ApiKeyPrincipal): GatewayHealthResponse {
    return toGatewayHealthResponse(key.userId);
  }

  /**
   * The client's registration call after sign-up. Keys are known to the keys service from their creation, so
   * this confirms that the key and the user belong together and changes nothing.
   */
  @Post('register_initial_user')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirms that the key (the X-API-Key header) belongs to the user.' })
  @ApiOkResponse({ type: RegisteredUserResponse })
  @ApiBadRequestResponse({
    type: ApiErrorResponse,
    description: 'api_key is not the key of the X-API-Key header',
  })
  @ApiForbiddenResponse({ type: ApiErrorResponse, description: 'user_id is not the owner of the key' })
  register(
    @CurrentApiKey() key: ApiKeyPrincipal,
    @Req() request: ApiKeyRequest,
    @Body(new ContractValidationPipe(RegisterInitialUserBodySchema)) body: RegisterInitialUserBody,
  ): RegisteredUserResponse {
    if (body.user_id !== key.userId) throw apiKeyOfAnotherUser();
    if (!sameKey(body.api_key, headerOf(request, API_KEY_HEADER) ?? '')) throw apiKeyNotTheHeaderKey();
    return toRegisteredUserResponse(key.userId);
  }
}
