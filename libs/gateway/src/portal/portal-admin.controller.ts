import { Body, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { EdgeRequest } from '@membolt/edge';
import { BusClient } from '@membolt/bus';
import {
  PORTAL_AUDIT_LIST_DEFAULT_LIMIT,
  PORTAL_LINK_DEFAULT_TTL_SECONDS,
  PortalSubjects,
  toPortalSettingsChange,
} from '@membolt/contracts';
import { ContractValidationPipe } from '@membolt/platform';
import { type ApiKeyPrincipal, CurrentApiKey } from '../auth/api-key-principal.js';
import { ApiErrorResponse } from '../common/api-error.response.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import { NoQuery, NoQuerySchema } from '../memories/memory.dto.js';
import { EndUserIdPipe } from '../memories/memory-id.pipe.js';
import {
  MintPortalLinkBody,
  MintPortalLinkBodySchema,
  PortalAuditQuery,
  PortalAuditQuerySchema,
  PortalAuditResponse,
  PortalLinkResponse,
  PortalSettingsBody,
  PortalSettingsBodySchema,
  PortalSettingsResponse,
} from './portal.dto.js';
import { PortalService } from './portal.service.js';
import { portalUrl, toPortalAuditResponse, toPortalSettingsResponse } from './portal.views.js';

const BAD_INPUT = {
  type: ApiErrorResponse,
  description: 'validation_error: the message names the parameter and the rule.',
} as const;
const END_USER = {
  name: 'endUserId',
  description: 'The end user id your app chose.',
  example: 'customer-42',
} as const;

/**
 * The developer's side of the end users' portal ("what this app remembers about you", decisions 140-144):
 * links, the portal's look and where it may be embedded, and the audit log of what end users did there.
 */
@ApiTags('portal')
@ApiParam({ name: 'userId', description: 'The owner of the API key (see GET /api/health).' })
@ApiServiceUnavailableResponse({ type: ApiErrorResponse, description: 'service_unavailable: retry later.' })
@GatewayController('user/:userId')
export class PortalAdminController {
  constructor(
    private readonly portal: PortalService,
    private readonly bus: BusClient,
  ) {}

  @Post('end_users/:endUserId/portal')
  @ApiOperation({
    summary:
      'Mints a short-lived signed link to the portal where one end user sees, corrects, forgets and exports their memories.',
    description:
      `The link opens only this end user’s memories, for \`expires_in\` seconds (default ${PORTAL_LINK_DEFAULT_TTL_SECONDS}, ` +
      'at most 3600). It needs no key: hand it to the signed-in end user only. Nothing is stored; an end user ' +
      'with no memories yet sees an empty portal.',
  })
  @ApiParam(END_USER)
  @ApiBody({ type: MintPortalLinkBody, required: false, examples: { short: { value: { expires_in: 600 } } } })
  @ApiCreatedResponse({ type: PortalLinkResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  mint(
    @CurrentApiKey() key: ApiKeyPrincipal,
    @Req() request: EdgeRequest,
    @Param('endUserId', EndUserIdPipe) endUserId: string,
    @Body(new ContractValidationPipe(MintPortalLinkBodySchema)) body: MintPortalLinkBody,
    @Query(new ContractValidationPipe(NoQuerySchema)) _query: NoQuery,
  ): PortalLinkResponse {
    const link = this.portal.mint(key.userId, endUserId, body.expires_in ?? PORTAL_LINK_DEFAULT_TTL_SECONDS);
    return {
      url: portalUrl(request, link.token),
      token: link.token,
      end_user_id: link.endUserId,
      expires_at: link.expiresAt.toISOString(),
    };
  }

  @Get('end_users/:endUserId/portal/audit')
  @ApiOperation({ summary: 'What one end user did in the portal, newest first.' })
  @ApiParam(END_USER)
  @ApiOkResponse({ type: PortalAuditResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  async endUserAudit(
    @Param('endUserId', EndUserIdPipe) endUserId: string,
    @Query(new ContractValidationPipe(PortalAuditQuerySchema)) query: PortalAuditQuery,
  ): Promise<PortalAuditResponse> {
    return this.audit(query, endUserId);
  }

  @Get('portal/audit')
  @ApiOperation({ summary: 'What every end user of the account did in the portal, newest first.' })
  @ApiOkResponse({ type: PortalAuditResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  async accountAudit(
    @Query(new ContractValidationPipe(PortalAuditQuerySchema)) query: PortalAuditQuery,
  ): Promise<PortalAuditResponse> {
    return this.audit(query);
  }

  @Get('portal_settings')
  @ApiOperation({ summary: 'The portal’s name, logo and colour, and the origins that may embed it.' })
  @ApiOkResponse({ type: PortalSettingsResponse })
  async settings(
    @Query(new ContractValidationPipe(NoQuerySchema)) _query: NoQuery,
  ): Promise<PortalSettingsResponse> {
    return toPortalSettingsResponse(await this.bus.request(PortalSubjects.getSettings, {}));
  }

  @Put('portal_settings')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Changes the portal’s name, logo, colour or embedding origins; fields left out keep their value.',
  })
  @ApiBody({
    type: PortalSettingsBody,
    examples: {
      brand: {
        value: {
          display_name: 'Acme Health',
          logo_url: 'https://acme.example/logo.png',
          color: '#0f766e',
          frame_origins: ['https://app.acme.example'],
        },
      },
    },
  })
  @ApiOkResponse({ type: PortalSettingsResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  async updateSettings(
    @Body(new ContractValidationPipe(PortalSettingsBodySchema)) body: PortalSettingsBody,
    @Query(new ContractValidationPipe(NoQuerySchema)) _query: NoQuery,
  ): Promise<PortalSettingsResponse> {
    const view = await this.bus.request(
      PortalSubjects.updateSettings,
      toPortalSettingsChange({
        displayName: body.display_name,
        logoUrl: body.logo_url,
        color: body.color,
        frameOrigins: body.frame_origins,
      }),
    );
    return toPortalSettingsResponse(view);
  }

  private async audit(query: PortalAuditQuery, endUserId?: string): Promise<PortalAuditResponse> {
    const view = await this.bus.request(PortalSubjects.listAudit, {
      ...(endUserId !== undefined ? { endUserId } : {}),
      limit: query.limit ?? PORTAL_AUDIT_LIST_DEFAULT_LIMIT,
      offset: query.offset ?? 0,
    });
    return toPortalAuditResponse(view);
  }
}
