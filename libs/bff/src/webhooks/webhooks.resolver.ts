import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { BusClient } from '@membolt/bus';
import { type WebhookEventType, WebhooksSubjects } from '@membolt/contracts';
import { CurrentUser } from '../session/current-user.decorator.js';
import { RecentSignIn } from '../session/recent-sign-in.js';
import type { SessionUser } from '../session/session.guard.js';
import {
  CreatedWebhookModel,
  CreateWebhookInput,
  WebhookDeliveryModel,
  WebhookModel,
} from './webhooks.models.js';

/**
 * The Settings screen's webhooks, through the webhooks service: every call is the signed-in user's, so another
 * user's endpoint or delivery is "not found". The service validates every field (URL, events, SSRF).
 */
@Resolver(() => WebhookModel)
export class WebhooksResolver {
  constructor(
    private readonly bus: BusClient,
    private readonly recentSignIn: RecentSignIn,
  ) {}

  @Query(() => [WebhookModel], { description: 'The user’s webhook endpoints, newest first.' })
  async webhooks(@CurrentUser() user: SessionUser): Promise<WebhookModel[]> {
    const { endpoints } = await this.bus.request(WebhooksSubjects.listEndpoints, {}, { userId: user.userId });
    return [...endpoints];
  }

  @Mutation(() => CreatedWebhookModel)
  async createWebhook(
    @CurrentUser() user: SessionUser,
    @Args('input') input: CreateWebhookInput,
  ): Promise<CreatedWebhookModel> {
    // An endpoint receives the user's memories from now on: as with an API key, a stolen access cookie alone
    // must not be able to add one.
    await this.recentSignIn.confirm(user, input.currentPassword);
    const created = await this.bus.request(
      WebhooksSubjects.createEndpoint,
      {
        url: input.url,
        events: input.events as WebhookEventType[],
        ...(input.description ? { description: input.description } : {}),
      },
      { userId: user.userId },
    );
    const { secret, ...endpoint } = created;
    return { webhook: endpoint, secret };
  }

  @Mutation(() => WebhookModel, {
    description: 'Pauses an endpoint, or enables it again (its failure count starts again).',
  })
  async setWebhookEnabled(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
    @Args('enabled') enabled: boolean,
  ): Promise<WebhookModel> {
    return this.bus.request(WebhooksSubjects.updateEndpoint, { id, enabled }, { userId: user.userId });
  }

  @Mutation(() => WebhookModel, { description: 'Removes an endpoint and stops its pending deliveries.' })
  async deleteWebhook(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<WebhookModel> {
    return this.bus.request(WebhooksSubjects.removeEndpoint, { id }, { userId: user.userId });
  }

  @Query(() => [WebhookDeliveryModel], { description: 'An endpoint’s delivery log, newest first.' })
  async webhookDeliveries(
    @CurrentUser() user: SessionUser,
    @Args('webhookId', { type: () => ID }) webhookId: string,
    @Args('limit', { type: () => Int, nullable: true }) limit?: number | null,
  ): Promise<WebhookDeliveryModel[]> {
    const { deliveries } = await this.bus.request(
      WebhooksSubjects.listDeliveries,
      { endpointId: webhookId, ...(limit ? { limit } : {}) },
      { userId: user.userId },
    );
    return [...deliveries];
  }

  @Mutation(() => WebhookDeliveryModel, {
    description: 'Sends a delivery’s event again: same body and event id, a fresh signature.',
  })
  async redeliverWebhook(
    @CurrentUser() user: SessionUser,
    @Args('webhookId', { type: () => ID }) webhookId: string,
    @Args('deliveryId', { type: () => ID }) deliveryId: string,
  ): Promise<WebhookDeliveryModel> {
    return this.bus.request(
      WebhooksSubjects.redeliver,
      { endpointId: webhookId, deliveryId },
      { userId: user.userId },
    );
  }
}
