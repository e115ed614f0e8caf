import { invalidWebhook, planNotSelfServe } from '../../billing.errors.js';
import { isSelfServePlan, type Plan } from '../../domain/plan-catalogue.js';
import type { PaymentEvent, PaymentProvider, PaymentStart } from '../../ports/payment-provider.js';

/**
 * The built-in provider: a SIMULATION. No card is asked for and no money moves; every top-up and plan change
 * with a monthly price is applied at once. For self-hosting without a payment account, and for tests. The
 * screens say so. A plan without a monthly price (Enterprise, Pay-per-use) is the operator's to apply here too.
 */
export class SimulatedPaymentProvider implements PaymentProvider {
  readonly info = {
    id: 'simulation',
    simulation: true,
    label: 'Simulated payments (no card is charged)',
  } as const;

  async startTopUp(): Promise<PaymentStart> {
    return { kind: 'apply' };
  }

  async startPlanChange(_userId: string, plan: Plan): Promise<PaymentStart> {
    if (!isSelfServePlan(plan)) throw planNotSelfServe(plan.name);
    return { kind: 'apply' };
  }

  async readWebhook(): Promise<PaymentEvent | null> {
    throw invalidWebhook('The simulated payment provider receives no webhooks.');
  }

  /** Simulated plans have no provider subscription: there is nothing to stop. */
  endSubscription(): Promise<void> {
    return Promise.resolve();
  }

  async openPortal(): Promise<string | null> {
    return null;
  }
}
