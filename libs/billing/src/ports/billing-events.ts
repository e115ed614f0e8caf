/** Tells every billing replica that a user's subscription, balance or usage changed. */
export interface BillingChangeNotifier {
  changed(userId: string): Promise<void>;
}

export const BILLING_CHANGE_NOTIFIER = Symbol('BILLING_CHANGE_NOTIFIER');
