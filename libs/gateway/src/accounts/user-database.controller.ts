import { Body, HttpCode, Post } from '@nestjs/common';
import {
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { EnsureMemoryGraphRequest, IdentitySubjects } from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { ContractValidationPipe } from '@membolt/platform';
import { type ApiKeyPrincipal, CurrentApiKey } from '../auth/api-key-principal.js';
import { ApiErrorResponse } from '../common/api-error.response.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import { toUserDatabaseResponse } from '../gateway.views.js';
import { UserDatabaseResponse } from './account.dto.js';

@ApiTags('account')
@ApiParam({ name: 'userId', description: 'The owner of the API key (see GET /api/health).' })
@GatewayController('user/:userId')
export class UserDatabaseController {
  constructor(private readonly bus: BusClient) {}

  /** `POST /api/user/{userId}/create`: makes sure the user's memory graph exists (idempotent). */
  @Post('create')
  @HttpCode(200)
  @ApiOperation({ summary: "Creates the user's memory graph if it does not exist yet, and returns it." })
  @ApiBody({
    required: false,
    description: 'No fields.',
    schema: { type: 'object', additionalProperties: false },
  })
  @ApiOkResponse({ type: UserDatabaseResponse })
  @ApiServiceUnavailableResponse({
    type: ApiErrorResponse,
    description: 'A service did not answer; retry after Retry-After.',
  })
  async create(
    @CurrentApiKey() key: ApiKeyPrincipal,
    @Body(new ContractValidationPipe(EnsureMemoryGraphRequest)) request: EnsureMemoryGraphRequest,
  ): Promise<UserDatabaseResponse> {
    // Acts as the key's owner: ApiKeyGuard put them in the request context the bus reads `meta.userId` from.
    const graph = await this.bus.request(IdentitySubjects.ensureMemoryGraph, request);
    return toUserDatabaseResponse(key.userId, graph);
  }
}
