import { MessagePattern } from '@nestjs/microservices';
import {
  type CreatedWebhookEndpointView,
  CreateWebhookEndpointRequest,
  DeleteUserDataRequest,
  deleteUserDataSubject,
  ListWebhookDeliveriesRequest,
  ListWebhookEndpointsRequest,
  RedeliverWebhookRequest,
  UpdateWebhookEndpointRequest,
  type UserDataDeletionView,
  WEBHOOK_DELIVERIES_MAX_LIMIT,
  type WebhookDeliveryListView,
  type WebhookDeliveryView,
  WebhookEndpointIdRequest,
  type WebhookEndpointListView,
  type WebhookEndpointView,
  WebhooksSubjects,
} from '@membolt/contracts';
import { ActingUserId, BusController, BusPayload } from '@membolt/bus';
import { WebhookDeliveriesService } from './services/webhook-deliveries.service.js';
import { WebhookEndpointsService } from './services/webhook-endpoints.service.js';
import { toUserDataDeletionView, toWebhookDeliveryView, toWebhookEndpointView } from './webhooks.views.js';

const DEFAULT_DELIVERIES_LIMIT = 50;

@BusController()
export class WebhooksHandlers {
  constructor(
    private readonly endpoints: WebhookEndpointsService,
    private readonly deliveries: WebhookDeliveriesService,
  ) {}

  @MessagePattern(WebhooksSubjects.createEndpoint.name)
  async createEndpoint(
    @ActingUserId() userId: string,
    @BusPayload(CreateWebhookEndpointRequest) request: CreateWebhookEndpointRequest,
  ): Promise<CreatedWebhookEndpointView> {
    const { endpoint, secret } = await this.endpoints.create(userId, request);
    return { ...toWebhookEndpointView(endpoint), secret };
  }

  @MessagePattern(WebhooksSubjects.listEndpoints.name)
  async listEndpoints(
    @ActingUserId() userId: string,
    @BusPayload(ListWebhookEndpointsRequest) _request: ListWebhookEndpointsRequest,
  ): Promise<WebhookEndpointListView> {
    return { endpoints: (await this.endpoints.list(userId)).map(toWebhookEndpointView) };
  }

  @MessagePattern(WebhooksSubjects.updateEndpoint.name)
  async updateEndpoint(
    @ActingUserId() userId: string,
    @BusPayload(UpdateWebhookEndpointRequest) request: UpdateWebhookEndpointRequest,
  ): Promise<WebhookEndpointView> {
    const { id, ...changes } = request;
    return toWebhookEndpointView(await this.endpoints.update(userId, id, changes));
  }

  @MessagePattern(WebhooksSubjects.removeEndpoint.name)
  async removeEndpoint(
    @ActingUserId() userId: string,
    @BusPayload(WebhookEndpointIdRequest) request: WebhookEndpointIdRequest,
  ): Promise<WebhookEndpointView> {
    return toWebhookEndpointView(await this.endpoints.remove(userId, request.id));
  }

  @MessagePattern(WebhooksSubjects.listDeliveries.name)
  async listDeliveries(
    @ActingUserId() userId: string,
    @BusPayload(ListWebhookDeliveriesRequest) request: ListWebhookDeliveriesRequest,
  ): Promise<WebhookDeliveryListView> {
    const limit = Math.min(request.limit ?? DEFAULT_DELIVERIES_LIMIT, WEBHOOK_DELIVERIES_MAX_LIMIT);
    const deliveries = await this.endpoints.deliveries(userId, request.endpointId, limit);
    return { deliveries: deliveries.map(toWebhookDeliveryView) };
  }

  @MessagePattern(WebhooksSubjects.redeliver.name)
  async redeliver(
    @ActingUserId() userId: string,
    @BusPayload(RedeliverWebhookRequest) request: RedeliverWebhookRequest,
  ): Promise<WebhookDeliveryView> {
    return toWebhookDeliveryView(
      await this.deliveries.redeliver(userId, request.endpointId, request.deliveryId),
    );
  }

  /** Account deletion (identity asks every data service): idempotent, answers what it removed. */
  @MessagePattern(deleteUserDataSubject('webhooks').name)
  async deleteUserData(
    @ActingUserId() userId: string,
    @BusPayload(DeleteUserDataRequest) _request: DeleteUserDataRequest,
  ): Promise<UserDataDeletionView> {
    return toUserDataDeletionView(await this.endpoints.deleteUserData(userId));
  }
}
