export { SubscriptionProblemHost } from './components/SubscriptionProblemDialog';
export { ConversationUsageBar, SubscriptionStatusCard } from './components/SubscriptionStatusCard';
export { UsageSection } from './components/UsageSection';
export { planChangeAction } from './utils/billing-display.util';
export { createSubscriptionRefusalLink, SubscriptionRefusalSignal } from './links/subscription-refusal.link';
export { SubscriptionRefusalContext, useSubscriptionRefusals } from './subscription-refusal.context';
export { RetentionNote } from './components/RetentionNote';
