import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { PlanId, PlanKind } from '@membolt/contracts/rules';
import type { SettingsPageQuery } from '../../../gql/graphql';
import { formatMonthlyPrice } from '../../landing/utils/format-money.util';
import { planLabel } from '../../layout/utils/user-display.util';
import { CheckList } from '../../ui/components/CheckList';
import { DisabledWithTooltip } from '../../ui/components/DisabledWithTooltip';
import { PLAN_CHANGES_COMING_SOON } from '../settings.constants';
import { currentPlanId, describePlan, planChangeLabel } from '../utils/plan-display.util';

type CataloguePlan = SettingsPageQuery['planCatalogue']['plans'][number];

/** The plans the settings screen offers side by side (web-app.md: the Free and Basic cards). */
const AVAILABLE_PLAN_IDS = ['free', 'basic'] as const satisfies readonly PlanId[];

function ComingSoonButton({
  label,
  variant = 'outlined',
}: {
  readonly label: string;
  readonly variant?: 'outlined' | 'contained';
}) {
  return (
    <DisabledWithTooltip title={PLAN_CHANGES_COMING_SOON}>
      <Button variant={variant} disabled>
        {label}
      </Button>
    </DisabledWithTooltip>
  );
}

function AvailablePlanCard({
  plan,
  plans,
  currentId,
}: {
  plan: CataloguePlan;
  plans: readonly CataloguePlan[];
  currentId: string;
}) {
  const isCurrent = plan.id === currentId;
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
          <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
            {formatMonthlyPrice(plan.monthlyPriceCents ?? null)}
          </Typography>
          {plan.monthlyPriceCents !== null && <Typography color="textSecondary">/month</Typography>}
        </Stack>
        <CheckList items={plan.features} />
      </CardContent>
      <Box sx={{ p: 3, pt: 0 }}>
        {isCurrent ? (
          <Button variant="contained" disabled fullWidth>
            Current Plan
          </Button>
        ) : (
          <DisabledWithTooltip title={PLAN_CHANGES_COMING_SOON} fullWidth>
            <Button variant="outlined" disabled fullWidth>
              {label}
            </Button>
          </DisabledWithTooltip>
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
  const currentId = currentPlanId(plan);
  const current = describePlan(plans, currentId);
  const subscriptionPlans = plans.filter((entry) => entry.kind === ('subscription' satisfies PlanKind));
  const available = AVAILABLE_PLAN_IDS.map((id) => plans.find((entry) => entry.id === id)).filter(
    (entry): entry is CataloguePlan => entry !== undefined,
  );

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
            </Box>
            <ComingSoonButton label="Manage Billing" />
          </Stack>
        </CardContent>
      </Card>
      <Box>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="h6" component="h2">
            Available Plans
          </Typography>
          <ComingSoonButton label="View all plans" />
        </Stack>
        <Grid container spacing={3}>
          {available.map((entry) => (
            <Grid key={entry.id} size={{ xs: 12, md: 6 }}>
              <AvailablePlanCard plan={entry} plans={subscriptionPlans} currentId={currentId} />
            </Grid>
          ))}
        </Grid>
      </Box>
    </Stack>
  );
}
