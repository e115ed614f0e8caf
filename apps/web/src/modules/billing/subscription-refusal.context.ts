import { createContext, useContext } from 'react';
import { SubscriptionRefusalSignal } from './links/subscription-refusal.link';

export const SubscriptionRefusalContext = createContext<SubscriptionRefusalSignal>(
  new SubscriptionRefusalSignal(),
);

export function useSubscriptionRefusals(): SubscriptionRefusalSignal {
  return useContext(SubscriptionRefusalContext);
}
