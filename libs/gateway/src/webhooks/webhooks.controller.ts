import { Body, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { BusClient } from '@membolt/bus';
import {
  CreateWebhookEndpointRequest,
  ListWebhookDeliveriesRequest,
  UpdateWebhookEndpointRequest,
  validatePayload,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  WebhooksSubjects,
} from '@membolt/contracts';
import { ContractValidationPipe } from '@membolt/platform';
import { ApiErrorResponse } from '../common/api-error.response.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import {
  CreatedWebhookResponse,
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDeliveryListResponse,
  WebhookDeliveryResponse,
  WebhookListResponse,
  WebhookResponse,
} from './webhooks.dto.js';

const BAD_INPUT = {
  type: ApiErrorResponse,
  description: 'validation_error: the message names the field; nothing changed.',
};
const NOT_FOUND = {
  type: ApiErrorResponse,
  description: 'not_found: no such webhook (or delivery) of this user.',
};

function toWebhookResponse(view: WebhookEndpointView): WebhookResponse {
  return {
    id: view.id,
    url: view.url,
    events: [...view.events],
    description: view.description,
    enabled: view.enabled,
    disabled_reason: view.disabledReason,
    consecutive_failures: view.consecutiveFailures,
    created_at: view.createdAt,
    updated_at: view.updatedAt,
  };
}

function toDeliveryResponse(view: WebhookDeliveryView): WebhookDeliveryResponse {
  return {
    id: view.id,
    webhook_id: view.endpointId,
    event_id: view.eventId,
    event: view.event,
    state: view.state,
    attempts: view.attempts,
    status_code: view.statusCode,
    duration_ms: view.durationMs,
    error: view.error,
    created_at: view.createdAt,
    updated_at: view.updatedAt,
  };
}

/** The key owner's webhook endpoints and their delivery log (docs/rest-api.md, Webhooks). */
@ApiTags('webhooks')
@ApiParam({ name: 'userId', description: 'The owner of the API key (see GET /api/health).' })
@GatewayController('user/:userId/webhooks')
export class WebhooksController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @ApiOperation({ summary: "The user's webhook endpoints, newest first (never their secrets)." })
  @ApiOkResponse({ type: WebhookListResponse })
  async list(): Promise<WebhookListResponse> {
    const view = await this.bus.request(WebhooksSubjects.listEndpoints, {});
    return { webhooks: view.endpoints.map(toWebhookResponse) };
  }

  @Post()
  @ApiOperation({
    summary: 'Adds an endpoint for the given events; answers its signing secret, shown this once.',
  })
  @ApiBody({ type: CreateWebhookBody })
  @ApiCreatedResponse({ type: CreatedWebhookResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  async create(
    @Body(new ContractValidationPipe(CreateWebhookEndpointRequest)) body: CreateWebhookEndpointRequest,
  ): Promise<CreatedWebhookResponse> {
    const view = await this.bus.request(WebhooksSubjects.createEndpoint, body);
    return { ...toWebhookResponse(view), secret: view.secret };
  }

  @Put(':webhookId')
  @ApiOperation({ summary: 'Changes an endpoint’s URL, events or description, or enables/disables it.' })
  @ApiParam({ name: 'webhookId' })
  @ApiBody({ type: UpdateWebhookBody })
  @ApiOkResponse({ type: WebhookResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  @ApiNotFoundResponse(NOT_FOUND)
  async update(@Param('webhookId') webhookId: string, @Body() raw: unknown): Promise<WebhookResponse> {
    const fields = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {};
    const request = validatePayload(UpdateWebhookEndpointRequest, { ...fields, id: webhookId });
    return toWebhookResponse(await this.bus.request(WebhooksSubjects.updateEndpoint, request));
  }

  @Delete(':webhookId')
  @ApiOperation({ summary: 'Removes an endpoint and stops its pending deliveries.' })
  @ApiParam({ name: 'webhookId' })
  @ApiOkResponse({ type: WebhookResponse })
  @ApiNotFoundResponse(NOT_FOUND)
  async remove(@Param('webhookId') webhookId: string): Promise<WebhookResponse> {
    return toWebhookResponse(await this.bus.request(WebhooksSubjects.removeEndpoint, { id: webhookId }));
  }

  @Get(':webhookId/deliveries')
  @ApiOperation({
    summary: 'The endpoint’s delivery log, newest first: state, attempts, last status and duration.',
  })
  @ApiParam({ name: 'webhookId' })
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
  })
  @ApiOkResponse({ type: WebhookDeliveryListResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  @ApiNotFoundResponse(NOT_FOUND)
  async deliveries(
    @Param('webhookId') webhookId: string,
    @Query('limit') limit?: string,
  ): Promise<WebhookDeliveryListResponse> {
    const request = validatePayload(ListWebhookDeliveriesRequest, {
      endpointId: webhookId,
      ...(limit === undefined ? {} : { limit: /^\d+$/.test(limit) ? Number(limit) : limit }),
    });
    const view = await this.bus.request(WebhooksSubjects.listDeliveries, request);
    return { deliveries: view.deliveries.map(toDeliveryResponse) };
  }

  @Post(':webhookId/deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Sends the delivery’s event again: same body and event id, a fresh signature, a new series of attempts.',
  })
  @ApiParam({ name: 'webhookId' })
  @ApiParam({ name: 'deliveryId' })
  @ApiAcceptedResponse({ type: WebhookDeliveryResponse })
  @ApiNotFoundResponse(NOT_FOUND)
  async redeliver(
    @Param('webhookId') webhookId: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<WebhookDeliveryResponse> {
    return toDeliveryResponse(
      await this.bus.request(WebhooksSubjects.redeliver, { endpointId: webhookId, deliveryId }),
    );
  }
}
