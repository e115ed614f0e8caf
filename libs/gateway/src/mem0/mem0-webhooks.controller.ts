import { Body, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { BusClient } from '@membolt/bus';
import {
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  validatePayload,
  WebhooksSubjects,
} from '@membolt/contracts';
import { ContractValidationPipe } from '@membolt/platform';
import { type ApiKeyPrincipal, CurrentApiKey } from '../auth/api-key-principal.js';
import { AcceptsTokenAuthorization } from '../auth/token-authorization.decorator.js';
import { ApiErrorResponse } from '../common/api-error.response.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import { apiKeyOfAnotherUser, mem0WebhookNothingToUpdate } from '../gateway.errors.js';
import { MEM0_WEBHOOK_EVENTS, toMem0Webhook, toMemboltEvents } from './mem0-webhooks.js';
import {
  Mem0CreatedWebhookResponse,
  Mem0CreateWebhookBody,
  Mem0CreateWebhookBodySchema,
  Mem0UpdateWebhookBody,
  Mem0UpdateWebhookBodySchema,
  Mem0WebhookChangedResponse,
  Mem0WebhookResponse,
} from './mem0-webhooks.dto.js';

const BAD_INPUT = {
  type: ApiErrorResponse,
  description: 'validation_error: the message names the field; nothing changed.',
} as const;
const NOT_FOUND = {
  type: ApiErrorResponse,
  description: 'not_found: no such webhook of the key’s account (another account’s ids are never found).',
} as const;
const OTHER_PROJECT = {
  type: ApiErrorResponse,
  description: 'api_key_foreign_user: the project is not the key’s account.',
} as const;

/**
 * Mem0's webhook routes as the `mem0ai` client calls them (getWebhooks, createWebhook, updateWebhook,
 * deleteWebhook), on the webhooks service of the native API: one endpoint list per account. Mem0's project
 * is the key's account (ping's `project_id`); Mem0's `name` is the endpoint's description and its events map
 * to Membolt's (decision 122). Deliveries are Membolt's signed bodies (README, Webhooks).
 */
@ApiTags('mem0')
@GatewayController('mem0/api/v1/webhooks')
@AcceptsTokenAuthorization()
export class Mem0WebhooksController {
  constructor(private readonly bus: BusClient) {}

  @Get('projects/:projectId')
  @ApiOperation({ summary: 'Mem0 getWebhooks: the account’s webhook endpoints, newest first.' })
  @ApiParam({ name: 'projectId', description: 'The key’s account (ping’s project_id).' })
  @ApiOkResponse({ type: [Mem0WebhookResponse] })
  @ApiForbiddenResponse(OTHER_PROJECT)
  async list(@CurrentApiKey() principal: ApiKeyPrincipal, @Param('projectId') projectId: string) {
    const project = ownProject(principal, projectId);
    const view = await this.bus.request(WebhooksSubjects.listEndpoints, {});
    return view.endpoints.map((endpoint) => toMem0Webhook(endpoint, project));
  }

  @Post('projects/:projectId')
  @ApiOperation({
    summary: 'Mem0 createWebhook: an endpoint for Mem0’s events; answers its signing secret this once.',
    description:
      'memory_add is Membolt’s memory.created, memory_update memory.updated, memory_delete memory.deleted ' +
      '(the `memory:add` spelling is read too). Without event_types the endpoint gets all three.',
  })
  @ApiParam({ name: 'projectId', description: 'The key’s account (ping’s project_id).' })
  @ApiCreatedResponse({ type: Mem0CreatedWebhookResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  @ApiForbiddenResponse(OTHER_PROJECT)
  async create(
    @CurrentApiKey() principal: ApiKeyPrincipal,
    @Param('projectId') projectId: string,
    @Body(new ContractValidationPipe(Mem0CreateWebhookBodySchema)) body: Mem0CreateWebhookBody,
  ) {
    const project = ownProject(principal, projectId);
    const request = validatePayload(CreateWebhookEndpointRequest, {
      url: body.url,
      events: toMemboltEvents(body.event_types ?? Object.keys(MEM0_WEBHOOK_EVENTS)),
      ...(body.name ? { description: body.name } : {}),
    });
    const created = await this.bus.request(WebhooksSubjects.createEndpoint, request);
    const endpoint =
      body.is_active === false
        ? await this.bus.request(WebhooksSubjects.updateEndpoint, { id: created.id, enabled: false })
        : created;
    return { ...toMem0Webhook(endpoint, project), secret: created.secret };
  }

  @Put(':webhookId')
  @ApiOperation({ summary: 'Mem0 updateWebhook: the name, URL, events (replaced) or is_active.' })
  @ApiParam({ name: 'webhookId' })
  @ApiOkResponse({ type: Mem0WebhookChangedResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  @ApiNotFoundResponse(NOT_FOUND)
  async update(
    @CurrentApiKey() principal: ApiKeyPrincipal,
    @Param('webhookId') webhookId: string,
    @Body(new ContractValidationPipe(Mem0UpdateWebhookBodySchema)) body: Mem0UpdateWebhookBody,
  ) {
    // A field sent as null is absent, as with every optional field of the API: nothing to change.
    const changes = {
      ...(body.url != null ? { url: body.url } : {}),
      ...(body.name != null ? { description: body.name } : {}),
      ...(body.event_types != null ? { events: toMemboltEvents(body.event_types) } : {}),
      ...(body.is_active != null ? { enabled: body.is_active } : {}),
    };
    if (Object.keys(changes).length === 0) throw mem0WebhookNothingToUpdate();
    const request = validatePayload(UpdateWebhookEndpointRequest, { ...changes, id: webhookId });
    const view = await this.bus.request(WebhooksSubjects.updateEndpoint, request);
    return { message: 'Webhook updated successfully', ...toMem0Webhook(view, principal.userId) };
  }

  @Delete(':webhookId')
  @ApiOperation({ summary: 'Mem0 deleteWebhook: removes the endpoint and stops its pending deliveries.' })
  @ApiParam({ name: 'webhookId' })
  @ApiOkResponse({ type: Mem0WebhookChangedResponse })
  @ApiNotFoundResponse(NOT_FOUND)
  async remove(@CurrentApiKey() principal: ApiKeyPrincipal, @Param('webhookId') webhookId: string) {
    const view = await this.bus.request(WebhooksSubjects.removeEndpoint, { id: webhookId });
    return { message: 'Webhook deleted successfully', ...toMem0Webhook(view, principal.userId) };
  }
}

/** Mem0's project is the key's account: any other project is another account's. */
function ownProject(principal: ApiKeyPrincipal, projectId: string): string {
  if (projectId !== principal.userId) throw apiKeyOfAnotherUser();
  return projectId;
}
