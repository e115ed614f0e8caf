import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { PlanId, PlanKind } from '@membolt/contracts/rules';
import type { SettingsPageQuery } from '../../../gql/graphql';
import { graphqlErrorMessage } from '../../auth/utils/graphql-error.util';
import { AddFundsDialog } from '../../billing/components/AddFundsDialog';
import { OPEN_BILLING_PORTAL_MUTATION } from '../../billing/graphql/mutations/open-billing-portal.mutation';
import { UsageSection } from '../../billing/components/UsageSection';
import { CHANGE_PLAN_MUTATION } from '../../billing/graphql/mutations/change-plan.mutation';
import { SUBSCRIPTION_STATUS_QUERY } from '../../billing/graphql/queries/subscription-status.query';
import { MEMORIES_PAST_RETENTION_QUERY } from '../../billing/graphql/queries/memories-past-retention.query';
import { formatDollars, retentionWarning, shortensRetention } from '../../billing/utils/billing-display.util';
import { planPrice } from '../../landing/utils/format-money.util';
import { planLabel } from '../../layout/utils/user-display.util';
import { CheckList } from '../../ui/components/CheckList';
import { currentPlanId, describePlan, planChangeLabel } from '../utils/plan-display.util';

type CataloguePlan = SettingsPageQuery['planCatalogue']['plans'][number];

/** The plans the settings screen offers side by side (docs/requirements/web-app.md: the Free and Basic cards). */
const AVAILABLE_PLAN_IDS = ['free', 'basic'] as const satisfies readonly PlanId[];

function AvailablePlanCard({
  plan,
  plans,
  currentId,
  busy,
  supportEmail,
  onChoose,
}: {
  plan: CataloguePlan;
  plans: readonly CataloguePlan[];
  currentId: string;
  busy: boolean;
  supportEmail: string | undefined;
  onChoose: (planId: string) => void;
}) {
  const isCurrent = plan.id === currentId;
  const price = planPrice(plan);
  // A plan without a monthly price (Enterprise, Pay-per-use) is set up by the team, never switched to here.
  const arranged = plan.monthlyPriceCents === null;
  const label = planChangeLabel(plans, plan.id, currentId);
  return (
    <Card
      data-testid={`available-plan-${plan.id}`}
      aria-current={isCurrent ? 'true' : undefined}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderWidth: isCurrent ? 2 : 1,
        borderColor: isCurrent ? 'primary.main' : 'divider',
        bgcolor: (theme) =>
          isCurrent ? alpha(theme.palette.primary.main, 0.04) : theme.palette.background.paper,
      }}
    >
      <CardContent sx={{ p: 3, flexGrow: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h3">
            {plan.name}
          </Typography>
          {isCurrent && <Chip label="Your plan" color="primary" size="small" />}
        </Stack>
        <Stack direction="row" sx={{ alignItems: 'baseline', gap: 0.5, mb: 1 }}>
          <Typography variant="h4" component="p" sx={{ fontWeight: 800 }} data-testid="available-plan-price">
            {price.amount}
          </Typography>
          {price.unit && (
            <Typography color="textSecondary" data-testid="available-plan-price-unit">
              {price.unit}
            </Typography>
          )}
        </Stack>
        <CheckList items={plan.features} />
      </CardContent>
      <Box sx={{ p: 3, pt: 0 }}>
        {isCurrent ? (
          <Button variant="contained" disabled fullWidth>
            Current Plan
          </Button>
        ) : arranged ? (
          <Button
            variant="outlined"
            fullWidth
            disabled={!supportEmail}
            href={
              supportEmail ? `mailto:${supportEmail}?subject=${encodeURIComponent(plan.name)}` : undefined
            }
          >
            Contact Us
          </Button>
        ) : (
          <Button variant="outlined" fullWidth disabled={busy} onClick={() => onChoose(plan.id)}>
            {label}
          </Button>
        )}
      </Box>
    </Card>
  );
}

interface SubscriptionTabProps {
  readonly plan: string | null | undefined;
  readonly plans: readonly CataloguePlan[];
}

export function SubscriptionTab({ plan, plans }: SubscriptionTabProps) {
  const { data } = useQuery(SUBSCRIPTION_STATUS_QUERY);
  const [showAll, setShowAll] = useState(false);
  const [addFundsOpen, setAddFundsOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [changePlan, { loading }] = useMutation(CHANGE_PLAN_MUTATION, {
    refetchQueries: ['SettingsPage', 'SubscriptionStatus', 'UsagePage', 'Viewer'],
    awaitRefetchQueries: true,
  });
  const [openBillingPortal, { loading: openingPortal }] = useMutation(OPEN_BILLING_PORTAL_MUTATION);
  const subscription = data?.subscription;
  const currentId = currentPlanId(subscription?.plan ?? plan);
  const current = describePlan(plans, currentId);
  const subscriptionPlans = plans.filter((entry) => entry.kind === ('subscription' satisfies PlanKind));
  const shown = showAll
    ? plans
    : AVAILABLE_PLAN_IDS.map((id) => plans.find((entry) => entry.id === id)).filter(
        (entry): entry is CataloguePlan => entry !== undefined,
      );

  const [warning, setWarning] = useState<{ planId: string; text: string } | null>(null);
  const client = useApolloClient();

  // A plan that keeps memories for less time deletes the older ones: say how many before changing.
  const choose = async (planId: string) => {
    setError(null);
    const target = plans.find((entry) => entry.id === planId);
    const currentRetention = subscription?.retentionDays ?? current?.retentionDays ?? null;
    if (target && shortensRetention(currentRetention, target.retentionDays)) {
      try {
        const { data: preview } = await client.query({
          query: MEMORIES_PAST_RETENTION_QUERY,
          variables: { retentionDays: target.retentionDays ?? null },
          fetchPolicy: 'network-only',
        });
        setWarning({
          planId,
          text: retentionWarning(target.name, target.retentionDays ?? 0, preview?.memoriesPastRetention ?? 0),
        });
      } catch (failure) {
        setError(graphqlErrorMessage(failure) ?? 'Failed to change the plan. Please try again.');
      }
      return;
    }
    await applyPlan(planId);
  };

  const applyPlan = async (planId: string) => {
    setWarning(null);
    try {
      const result = await changePlan({ variables: { plan: planId } });
      const checkoutUrl = result.data?.changePlan.checkoutUrl;
      if (checkoutUrl) window.location.assign(checkoutUrl);
    } catch (failure) {
      setError(graphqlErrorMessage(failure) ?? 'Failed to change the plan. Please try again.');
    }
  };

  // With Stripe, Manage Billing opens its customer portal (cards, invoices, cancel); otherwise the usage below.
  const manageBilling = async () => {
    setError(null);
    try {
      const result = await openBillingPortal();
      if (result.data?.openBillingPortal) window.location.assign(result.data.openBillingPortal);
    } catch (failure) {
      setError(graphqlErrorMessage(failure) ?? 'Failed to open the billing page. Please try again.');
    }
  };

  return (
    <Stack spacing={3}>
      <Card data-testid="current-plan">
        <CardContent sx={{ p: 3 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Box>
              <Typography variant="overline" color="textSecondary">
                Current Plan
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 800 }} data-testid="current-plan-tier">
                {planLabel(currentId)}
              </Typography>
              <Typography color="textSecondary" data-testid="current-plan-description">
                {current?.description ?? ''}
              </Typography>
              {subscription && (
                <Typography color="textSecondary" data-testid="current-plan-renewal">
                  {`Your plan renews on ${new Date(subscription.renewsAt).toLocaleDateString()}`}
                </Typography>
              )}
              {subscription?.plan === 'pay-per-use' && (
                <Typography sx={{ mt: 1 }} data-testid="current-plan-balance">
                  {`Balance: ${formatDollars(subscription.balanceCents)}`}
                </Typography>
              )}
              {data?.paymentProvider.simulation && (
                <Typography variant="body2" color="textSecondary" data-testid="payment-simulation-label">
                  {data.paymentProvider.label}
                </Typography>
              )}
            </Box>
            <Stack direction="row" spacing={1}>
              {subscription?.plan === 'pay-per-use' && (
                <Button variant="contained" onClick={() => setAddFundsOpen(true)}>
                  Add Funds
                </Button>
              )}
              {data?.paymentProvider.id === 'stripe' ? (
                <Button variant="outlined" disabled={openingPortal} onClick={() => void manageBilling()}>
                  Manage Billing
                </Button>
              ) : (
                <Button variant="outlined" href="#usage">
                  Manage Billing
                </Button>
              )}
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <AddFundsDialog
        open={addFundsOpen}
        simulation={data?.paymentProvider.simulation ?? false}
        onClose={() => setAddFundsOpen(false)}
      />
      <Box>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="h6" component="h2">
            Available Plans
          </Typography>
          <Button variant="outlined" onClick={() => setShowAll((all) => !all)}>
            {showAll ? 'Show fewer plans' : 'View all plans'}
          </Button>
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="plan-change-error">
            {error}
          </Alert>
        )}
        <Grid container spacing={3}>
          {shown.map((entry) => (
            <Grid key={entry.id} size={{ xs: 12, md: showAll ? 4 : 6 }}>
              <AvailablePlanCard
                plan={entry}
                plans={subscriptionPlans}
                currentId={currentId}
                busy={loading}
                supportEmail={data?.paymentProvider.supportEmail}
                onChoose={(planId) => void choose(planId)}
              />
            </Grid>
          ))}
        </Grid>
      </Box>
      <UsageSection plan={current ?? null} />
      <Dialog open={warning !== null} onClose={() => setWarning(null)} data-testid="retention-warning">
        <DialogTitle>Change plan?</DialogTitle>
        <DialogContent>
          <DialogContentText>{warning?.text}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setWarning(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={loading}
            onClick={() => warning && void applyPlan(warning.planId)}
          >
            Change plan
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
