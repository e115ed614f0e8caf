import { MessagePattern } from '@nestjs/microservices';
import {
  BillingSubjects,
  DeleteUserDataRequest,
  deleteUserDataSubject,
  GetSubscriptionRequest,
  InitSubscriptionRequest,
  ListPlansRequest,
  type ListPlansResponse,
  SubscriptionSubjects,
  type SubscriptionView,
  type UserDataDeletionView,
} from '@membolt/contracts';
import { ActingUserId, BusController, BusPayload } from '@membolt/bus';
import { toPlanCatalogueView, toSubscriptionView } from './billing.views.js';
import { PlanCatalogueService } from './services/plan-catalogue.service.js';
import { SubscriptionService } from './services/subscription.service.js';

@BusController()
export class BillingHandlers {
  constructor(
    private readonly plans: PlanCatalogueService,
    private readonly subscriptions: SubscriptionService,
  ) {}

  /** Public: the catalogue is what the pricing page shows. */
  @MessagePattern(BillingSubjects.listPlans.name)
  async listPlans(@BusPayload(ListPlansRequest) request: ListPlansRequest): Promise<ListPlansResponse> {
    return toPlanCatalogueView(await this.plans.list(request.kind));
  }

  @MessagePattern(SubscriptionSubjects.init.name)
  async initSubscription(
    @ActingUserId() userId: string,
    @BusPayload(InitSubscriptionRequest) _request: InitSubscriptionRequest,
  ): Promise<SubscriptionView> {
    return toSubscriptionView(await this.subscriptions.init(userId));
  }

  @MessagePattern(SubscriptionSubjects.get.name)
  async getSubscription(
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
