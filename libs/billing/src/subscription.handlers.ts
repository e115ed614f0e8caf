import { MessagePattern } from '@nestjs/microservices';
import {
  DeleteUserDataRequest,
  deleteUserDataSubject,
  GetSubscriptionRequest,
  InitSubscriptionRequest,
  SubscriptionSubjects,
  type SubscriptionView,
  type UserDataDeletionView,
} from '@membolt/contracts';
import { ActingUserId, BusController, BusPayload } from '@membolt/bus';
import type { Subscription } from './domain/subscription.js';
import { SubscriptionService } from './subscription.service.js';

/** The one mapping from the stored subscription to the bus view. */
function toSubscriptionView(subscription: Subscription): SubscriptionView {
  return {
    userId: subscription.userId,
    status: subscription.status,
    plan: subscription.plan,
    balanceCents: subscription.balanceCents,
    rateCents: subscription.rateCents,
    conversationsUsed: subscription.conversationsUsed,
    createdAt: subscription.createdAt.toISOString(),
    updatedAt: subscription.updatedAt.toISOString(),
  };
}

@BusController()
export class SubscriptionHandlers {
  constructor(private readonly subscriptions: SubscriptionService) {}

  @MessagePattern(SubscriptionSubjects.init.name)
  async init(
    @ActingUserId() userId: string,
    @BusPayload(InitSubscriptionRequest) _request: InitSubscriptionRequest,
  ): Promise<SubscriptionView> {
    return toSubscriptionView(await this.subscriptions.init(userId));
  }

  @MessagePattern(SubscriptionSubjects.get.name)
  async get(
    @ActingUserId() userId: string,
    @BusPayload(GetSubscriptionRequest) _request: GetSubscriptionRequest,
  ): Promise<SubscriptionView> {
    return toSubscriptionView(await this.subscriptions.get(userId));
  }

  @MessagePattern(deleteUserDataSubject('billing').name)
  async deleteUserData(
    @ActingUserId() userId: string,
    @BusPayload(DeleteUserDataRequest) _request: DeleteUserDataRequest,
  ): Promise<UserDataDeletionView> {
    // Ledger and usage entries join these counts when billing starts holding them.
    return { service: 'billing', removed: { subscriptions: await this.subscriptions.deleteForUser(userId) } };
  }
}
