import { invalidWebhook } from '../../billing.errors.js';
import type { PaymentEvent, PaymentProvider, PaymentStart } from '../../ports/payment-provider.js';

/**
 * The built-in provider: a SIMULATION. No card is asked for and no money moves; every top-up and plan change
 * is applied at once. For self-hosting without a payment account, and for tests. The screens say so.
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

  async startPlanChange(): Promise<PaymentStart> {
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
