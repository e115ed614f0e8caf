import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { planLabel } from '../../layout/utils/user-display.util';
import { storageBarColor } from '../../memories/utils/memory-display.util';
import { SUBSCRIPTION_STATUS_QUERY } from '../graphql/queries/subscription-status.query';
import {
  CONVERSATION_LIMIT_TEXT,
  conversationLimitState,
  formatDollars,
  planChangeAction,
} from '../utils/billing-display.util';
import { UsageBar } from '../../ui/components/UsageBar';
import { AddFundsDialog } from './AddFundsDialog';

/** The Subscription status card of the dashboard (docs/requirements/web-app.md): free usage, or the pay-per-use balance. */
export function SubscriptionStatusCard() {
  const { data, error, loading } = useQuery(SUBSCRIPTION_STATUS_QUERY);
  const [addFundsOpen, setAddFundsOpen] = useState(false);
  const subscription = data?.subscription;
  const limitState = subscription
    ? conversationLimitState(subscription.conversationsUsed, subscription.conversationsLimit)
    : null;

  return (
    <Card data-testid="subscription-status-card">
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="h6" component="h2">
            Subscription
          </Typography>
          {subscription && (
            <Stack direction="row" spacing={1}>
              <Chip
                label={subscription.status === 'active' ? 'Active' : 'Inactive'}
                color={subscription.status === 'active' ? 'success' : 'default'}
                size="small"
                data-testid="subscription-status"
              />
              <Chip label={planLabel(subscription.plan)} size="small" color="primary" />
            </Stack>
          )}
        </Stack>
        {error && !data && (
          <Alert severity="error" data-testid="subscription-status-error">
            Failed to check subscription status
          </Alert>
        )}
        {loading && !data && <Typography color="textSecondary">Loading...</Typography>}
        {subscription && subscription.plan === 'pay-per-use' && (
          <Box>
            <Typography variant="body2" color="textSecondary">
              Balance
            </Typography>
            <Typography
              variant="h4"
              component="p"
              sx={{ fontWeight: 700 }}
              data-testid="subscription-balance"
            >
              {formatDollars(subscription.balanceCents)}
            </Typography>
            {subscription.balanceCents < subscription.rateCents && (
              <Typography color="error" data-testid="low-balance">
                Low balance!
              </Typography>
            )}
            <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
              {`${formatDollars(subscription.rateCents)} per API call`}
            </Typography>
            <Button variant="contained" onClick={() => setAddFundsOpen(true)}>
              Add Funds
            </Button>
            <AddFundsDialog
              open={addFundsOpen}
              simulation={data?.paymentProvider.simulation ?? false}
              onClose={() => setAddFundsOpen(false)}
            />
          </Box>
        )}
        {subscription && subscription.plan !== 'pay-per-use' && (
          <Box>
            {subscription.conversationsLimit !== null ? (
              <Typography data-testid="subscription-conversations">
                {subscription.plan === 'free'
                  ? `Free Conversations: ${subscription.conversationsUsed} / ${subscription.conversationsLimit} used`
                  : `Conversations: ${subscription.conversationsUsed} / ${subscription.conversationsLimit} used`}
              </Typography>
            ) : (
              <Typography data-testid="subscription-conversations">Unlimited conversations</Typography>
            )}
            {limitState && (
              <Typography
                color={limitState === 'reached' ? 'error.main' : 'warning.main'}
                data-testid="conversation-limit"
              >
                {CONVERSATION_LIMIT_TEXT[limitState]}
              </Typography>
            )}
            <Button component={RouterLink} to="/settings/subscription" variant="outlined" sx={{ mt: 2 }}>
              {planChangeAction(subscription.plan)}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** Conversations used out of the plan's limit; primary up to 70 percent, warning above, error above 90. */
export function ConversationUsageBar() {
  const { data } = useQuery(SUBSCRIPTION_STATUS_QUERY);
  const used = data?.subscription.conversationsUsed ?? 0;
  const limit = data?.subscription.conversationsLimit;
  const percent = limit ? Math.min(100, (used / limit) * 100) : 0;
  return (
    <Box sx={{ mb: 2 }}>
      <UsageBar
        label="Conversations"
        value={limit === null || limit === undefined ? `${used} / Unlimited` : `${used} / ${limit}`}
        percent={percent}
        color={storageBarColor(percent)}
        testId="conversation-usage-bar"
        valueTestId="conversation-usage"
        labelId="conversation-usage-label"
      />
    </Box>
  );
}
