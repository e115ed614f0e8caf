import { MessagePattern } from '@nestjs/microservices';
import {
  AddFundsRequest,
  BillingPortalRequest,
  type BillingPortalView,
  AuthorizeUsageRequest,
  BillingSubjects,
  ChangePlanRequest,
  CheckSubscriptionRequest,
  DeleteUserDataRequest,
  deleteUserDataSubject,
  GetSubscriptionRequest,
  InitSubscriptionRequest,
  type KeySpendListView,
  type KeySpendView,
  type LedgerPageView,
  ListKeySpendRequest,
  ListLedgerRequest,
  ListPlansRequest,
  type ListPlansResponse,
  type PaymentActionView,
  PaymentProviderRequest,
  type PaymentProviderView,
  PaymentSubjects,
  PaymentWebhookRequest,
  type PaymentWebhookView,
  RecordUsageBatchRequest,
  RecordUsageRequest,
  type UsageBatchView,
  UsageTermsRequest,
  type UsageTermsView,
  SetKeySpendCapRequest,
  SetSubscriptionPlanRequest,
  SetSubscriptionStatusRequest,
  type SubscriptionCheckView,
  SubscriptionSubjects,
  type SubscriptionView,
  type UsageAuthorizationView,
  type UsageRecordView,
  UsageSubjects,
  UsageSummaryRequest,
  type UsageSummaryView,
  type UserDataDeletionView,
} from '@membolt/contracts';
import { ActingUserId, BusController, BusPayload } from '@membolt/bus';
import {
  toKeySpendView,
  toLedgerPageView,
  toPaymentActionView,
  toPlanCatalogueView,
  toSubscriptionCheckView,
  toSubscriptionView,
  toUsageAuthorizationView,
  toUsageRecordView,
  toUsageSummaryView,
} from './billing.views.js';
import { LedgerService } from './services/ledger.service.js';
import { PaymentService } from './services/payment.service.js';
import { PlanCatalogueService } from './services/plan-catalogue.service.js';
import { SubscriptionService } from './services/subscription.service.js';
import { UsageService } from './services/usage.service.js';

@BusController()
export class BillingHandlers {
  constructor(
    private readonly plans: PlanCatalogueService,
    private readonly subscriptions: SubscriptionService,
    private readonly usage: UsageService,
    private readonly ledger: LedgerService,
    private readonly payments: PaymentService,
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
    return toSubscriptionView(await this.subscriptions.details(userId));
  }

  @MessagePattern(SubscriptionSubjects.check.name)
  async checkSubscription(
    @ActingUserId() userId: string,
    @BusPayload(CheckSubscriptionRequest) _request: CheckSubscriptionRequest,
  ): Promise<SubscriptionCheckView> {
    return toSubscriptionCheckView(await this.subscriptions.check(userId));
  }

  /** The operator CLI's: no edge exposes it. */
  @MessagePattern(SubscriptionSubjects.setStatus.name)
  async setSubscriptionStatus(
    @ActingUserId() userId: string,
    @BusPayload(SetSubscriptionStatusRequest) request: SetSubscriptionStatusRequest,
  ): Promise<SubscriptionView> {
    return toSubscriptionView(await this.subscriptions.setStatus(userId, request.status));
  }

  /** The operator CLI's: no edge exposes it. Any plan, no payment. */
  @MessagePattern(SubscriptionSubjects.setPlan.name)
  async setSubscriptionPlan(
    @ActingUserId() userId: string,
    @BusPayload(SetSubscriptionPlanRequest) request: SetSubscriptionPlanRequest,
  ): Promise<SubscriptionView> {
    return toSubscriptionView(await this.payments.setPlan(userId, request.plan));
  }

  @MessagePattern(UsageSubjects.authorize.name)
  async authorizeUsage(
    @ActingUserId() userId: string,
    @BusPayload(AuthorizeUsageRequest) request: AuthorizeUsageRequest,
  ): Promise<UsageAuthorizationView> {
    return toUsageAuthorizationView(await this.usage.authorize(userId, request));
  }

  @MessagePattern(UsageSubjects.record.name)
  async recordUsage(
    @ActingUserId() userId: string,
    @BusPayload(RecordUsageRequest) request: RecordUsageRequest,
  ): Promise<UsageRecordView> {
    return toUsageRecordView(await this.usage.record(userId, request));
  }

  @MessagePattern(UsageSubjects.terms.name)
  async usageTerms(
    @ActingUserId() userId: string,
    @BusPayload(UsageTermsRequest) _request: UsageTermsRequest,
  ): Promise<UsageTermsView> {
    return this.usage.terms(userId);
  }

  /** Sent by the edges' usage outboxes; each event names its user. */
  @MessagePattern(UsageSubjects.recordBatch.name)
  async recordUsageBatch(
    @BusPayload(RecordUsageBatchRequest) request: RecordUsageBatchRequest,
  ): Promise<UsageBatchView> {
    return this.usage.recordBatch(request.events);
  }

  @MessagePattern(UsageSubjects.summary.name)
  async usageSummary(
    @ActingUserId() userId: string,
    @BusPayload(UsageSummaryRequest) request: UsageSummaryRequest,
  ): Promise<UsageSummaryView> {
    return toUsageSummaryView(await this.usage.summary(userId, request.from, request.to));
  }

  @MessagePattern(UsageSubjects.ledger.name)
  async listLedger(
    @ActingUserId() userId: string,
    @BusPayload(ListLedgerRequest) request: ListLedgerRequest,
  ): Promise<LedgerPageView> {
    return toLedgerPageView(await this.ledger.list(userId, request.limit, request.offset));
  }

  @MessagePattern(UsageSubjects.setKeyCap.name)
  async setKeyCap(
    @ActingUserId() userId: string,
    @BusPayload(SetKeySpendCapRequest) request: SetKeySpendCapRequest,
  ): Promise<KeySpendView> {
    return toKeySpendView(await this.usage.setKeyCap(userId, request.keyId, request.capCents ?? null));
  }

  @MessagePattern(UsageSubjects.listKeySpend.name)
  async listKeySpend(
    @ActingUserId() userId: string,
    @BusPayload(ListKeySpendRequest) _request: ListKeySpendRequest,
  ): Promise<KeySpendListView> {
    return { keys: (await this.usage.keySpend(userId)).map(toKeySpendView) };
  }

  /** Public: which provider takes payments (the screens label the simulation). */
  @MessagePattern(PaymentSubjects.provider.name)
  async paymentProvider(
    @BusPayload(PaymentProviderRequest) _request: PaymentProviderRequest,
  ): Promise<PaymentProviderView> {
    return this.payments.info;
  }

  @MessagePattern(PaymentSubjects.addFunds.name)
  async addFunds(
    @ActingUserId() userId: string,
    @BusPayload(AddFundsRequest) request: AddFundsRequest,
  ): Promise<PaymentActionView> {
    return toPaymentActionView(
      await this.payments.addFunds(userId, request.amountCents, request.idempotencyKey),
    );
  }

  @MessagePattern(PaymentSubjects.changePlan.name)
  async changePlan(
    @ActingUserId() userId: string,
    @BusPayload(ChangePlanRequest) request: ChangePlanRequest,
  ): Promise<PaymentActionView> {
    return toPaymentActionView(await this.payments.changePlan(userId, request.plan));
  }

  @MessagePattern(PaymentSubjects.portal.name)
  async billingPortal(
    @ActingUserId() userId: string,
    @BusPayload(BillingPortalRequest) _request: BillingPortalRequest,
  ): Promise<BillingPortalView> {
    return { url: await this.payments.billingPortal(userId) };
  }

  /** Public: the provider's signature, verified by the service, is the credential. */
  @MessagePattern(PaymentSubjects.webhook.name)
  async paymentWebhook(
    @BusPayload(PaymentWebhookRequest) request: PaymentWebhookRequest,
  ): Promise<PaymentWebhookView> {
    return this.payments.webhook(request.payload, request.signature);
  }

  @MessagePattern(deleteUserDataSubject('billing').name)
  async deleteUserData(
    @ActingUserId() userId: string,
    @BusPayload(DeleteUserDataRequest) _request: DeleteUserDataRequest,
  ): Promise<UserDataDeletionView> {
    // The payment provider's subscription stops first: nothing is charged after the account is gone.
    const paymentLinks = await this.payments.deleteForUser(userId);
    return {
      service: 'billing',
      removed: { ...(await this.subscriptions.deleteForUser(userId)), paymentLinks },
    };
  }
}
