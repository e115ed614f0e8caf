import { useQuery } from '@apollo/client/react';
import Typography from '@mui/material/Typography';
import { SUBSCRIPTION_STATUS_QUERY } from '../graphql/queries/subscription-status.query';
import { planName, retentionText } from '../utils/billing-display.util';

/** Which retention applies to the user's memories (the Memories screen). */
export function RetentionNote() {
  const { data } = useQuery(SUBSCRIPTION_STATUS_QUERY);
  const subscription = data?.subscription;
  if (!subscription) return null;
  return (
    <Typography variant="body2" color="textSecondary" data-testid="memories-retention">
      {retentionText(planName(subscription.plan), subscription.retentionDays)}
    </Typography>
  );
}
