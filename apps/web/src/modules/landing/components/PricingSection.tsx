import { useQuery } from '@apollo/client/react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { RetryAlert } from '../../ui/components/RetryAlert';
import { PLAN_CATALOGUE_QUERY } from '../graphql/queries/plan-catalogue.query';
import { LANDING_SECTION_ID } from '../landing-sections';
import { LandingSection } from './LandingSection';
import { PlanCard } from './PlanCard';

const SKELETON_CARD_COUNT = 4;
const PLAN_GRID_SIZE = { xs: 12, sm: 6, lg: 3 } as const;

function PlanCardSkeleton() {
  return (
    <Card sx={{ height: '100%' }} data-testid="plan-card-skeleton" aria-hidden="true">
      <CardContent sx={{ p: 3 }}>
        <Skeleton variant="text" width="40%" height={32} />
        <Skeleton variant="text" width="60%" height={64} />
        {[0, 1, 2, 3].map((line) => (
          <Skeleton key={line} variant="text" width="85%" />
        ))}
        <Skeleton variant="rounded" height={44} sx={{ mt: 3 }} />
      </CardContent>
    </Card>
  );
}

export function PricingSection() {
  const { data, loading, error, refetch } = useQuery(PLAN_CATALOGUE_QUERY);

  let content: ReactNode;
  if (loading && !data) {
    content = (
      <Grid container spacing={3} aria-busy="true" aria-label="Loading plans">
        {Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => (
          <Grid key={index} size={PLAN_GRID_SIZE}>
            <PlanCardSkeleton />
          </Grid>
        ))}
      </Grid>
    );
  } else if (error || !data) {
    content = (
      <RetryAlert
        onRetry={() => refetch()}
        data-testid="pricing-error"
        sx={{ maxWidth: 640, mx: 'auto', alignItems: 'center' }}
      >
        We couldn't load the pricing plans. Please check your connection and try again.
      </RetryAlert>
    );
  } else {
    content = (
      <Grid container spacing={3} sx={{ pt: 1.5 }}>
        {data.planCatalogue.plans.map((plan) => (
          <Grid key={plan.id} size={PLAN_GRID_SIZE}>
            <PlanCard plan={plan} />
          </Grid>
        ))}
      </Grid>
    );
  }

  return (
    <LandingSection
      id={LANDING_SECTION_ID.pricing}
      title="Pricing Plans"
      subtitle="Start free and upgrade when your assistant needs to remember more."
    >
      {content}
    </LandingSection>
  );
}
