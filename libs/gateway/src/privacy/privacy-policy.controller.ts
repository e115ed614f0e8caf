import { Body, Get, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { KeysSubjects, MemorySubjects, privacyActionsProblem } from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { ContractValidationPipe } from '@membolt/platform';
import { ApiErrorResponse } from '../common/api-error.response.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import {
  PrivacyPolicyResponse,
  UpdatePrivacyPolicyBody,
  UpdatePrivacyPolicyBodySchema,
} from './privacy-policy.dto.js';
import { toPrivacyPolicyResponse } from './privacy-policy.views.js';
import { apiKeyNotFound, privacyActionsInvalid } from '../gateway.errors.js';

/** The write-time privacy policy of the key's account (decision 135). */
@ApiTags('privacy')
@ApiParam({ name: 'userId', description: 'The owner of the API key (see GET /api/health).' })
@GatewayController('user/:userId/privacy-policy')
export class PrivacyPolicyController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @ApiOperation({
    summary:
      "The account's privacy policy per kind of sensitive data, its keys' overrides and redaction counts.",
  })
  @ApiOkResponse({ type: PrivacyPolicyResponse })
  async get(): Promise<PrivacyPolicyResponse> {
    return toPrivacyPolicyResponse(await this.bus.request(MemorySubjects.privacyPolicy, {}));
  }

  @Put()
  @ApiOperation({
    summary: "Changes the account's privacy policy, or with key_id one API key's overrides.",
    description:
      'Each kind is allow (stored as said), redact (replaced by a typed placeholder such as [card number]) or refuse (the write is answered 400 sensitive_data_refused and nothing is stored).',
  })
  @ApiOkResponse({ type: PrivacyPolicyResponse })
  @ApiBadRequestResponse({
    type: ApiErrorResponse,
    description: 'validation_error naming the kind or action',
  })
  @ApiNotFoundResponse({
    type: ApiErrorResponse,
    description: 'api_key_not_found: key_id is no key of the account',
  })
  async update(
    @Body(new ContractValidationPipe(UpdatePrivacyPolicyBodySchema)) body: UpdatePrivacyPolicyBody,
  ): Promise<PrivacyPolicyResponse> {
    const problem = privacyActionsProblem(body.actions);
    if (problem) throw privacyActionsInvalid(problem);
    if (body.key_id !== undefined) {
      // Only a key of this account: another account's key id is not found, as everywhere.
      const { keys } = await this.bus.request(KeysSubjects.list, { activeOnly: false });
      if (!keys.some((key) => key.id === body.key_id)) throw apiKeyNotFound();
    }
    return toPrivacyPolicyResponse(
      await this.bus.request(MemorySubjects.updatePrivacyPolicy, {
        actions: body.actions,
        ...(body.key_id !== undefined ? { keyId: body.key_id } : {}),
      }),
    );
  }
}
