import { useQuery } from '@apollo/client/react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PAYMENT_PROVIDER_QUERY } from '../graphql/queries/payment-provider.query';
import { SUBSCRIPTION_STATUS_QUERY } from '../graphql/queries/subscription-status.query';
import { useSubscriptionRefusals } from '../subscription-refusal.context';
import { subscriptionProblem } from '../utils/billing-display.util';

/** The Subscription problem dialog (docs/requirements/web-app.md, Error texts): its title, message and action, and Close. */
export function SubscriptionProblemDialog({
  reason,
  onClose,
}: {
  reason: string | null;
  onClose: () => void;
}) {
  const { data } = useQuery(PAYMENT_PROVIDER_QUERY, { skip: reason === null });
  // A limit is worded for the plan that reached it: read the subscription as it is now.
  const atLimit = reason === 'free_tier_limit_reached';
  const { data: status, loading } = useQuery(SUBSCRIPTION_STATUS_QUERY, {
    skip: !atLimit,
    fetchPolicy: 'network-only',
  });
  const problem = subscriptionProblem(reason ?? 'validation_error', status?.subscription);
  const supportEmail = data?.paymentProvider.supportEmail;
  return (
    <Dialog
      open={reason !== null && !(atLimit && loading && !status)}
      onClose={onClose}
      aria-labelledby="subscription-problem-title"
      data-testid="subscription-problem"
    >
      <DialogTitle id="subscription-problem-title">{problem.title}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="subscription-problem-message">{problem.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {'mailto' in problem.action ? (
          <Button variant="contained" href={`mailto:${supportEmail ?? ''}`} onClick={onClose}>
            {problem.action.label}
          </Button>
        ) : (
          <Button variant="contained" component={RouterLink} to={problem.action.to} onClick={onClose}>
            {problem.action.label}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Shows the dialog whenever the server refuses an operation for a subscription reason, on any screen. */
export function SubscriptionProblemHost() {
  const refusals = useSubscriptionRefusals();
  const [reason, setReason] = useState<string | null>(null);
  useEffect(() => refusals.subscribe(setReason), [refusals]);
  return <SubscriptionProblemDialog reason={reason} onClose={() => setReason(null)} />;
}
