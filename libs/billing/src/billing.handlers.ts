import { MessagePattern } from '@nestjs/microservices';
import { BillingSubjects, ListPlansRequest, type ListPlansResponse } from '@membolt/contracts';
import { BusController, BusPayload } from '@membolt/bus';
import { PlanCatalogueService } from './plan-catalogue.service.js';

@BusController()
export class BillingHandlers {
  constructor(private readonly plans: PlanCatalogueService) {}

  @MessagePattern(BillingSubjects.listPlans.name)
  async listPlans(@BusPayload(ListPlansRequest) request: ListPlansRequest): Promise<ListPlansResponse> {
    const catalogue = await this.plans.list(request.kind);
    // The domain Plan and the bus PlanView have the same shape today; the types stay separate on purpose.
    return {
      plans: catalogue.plans.map((plan) => ({ ...plan, features: [...plan.features] })),
      developerApi: catalogue.developerApi,
    };
  }
}
