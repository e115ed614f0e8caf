import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { PlanCardFieldsFragment } from '../../../gql/graphql';
import { CheckList } from '../../ui/components/CheckList';
import { formatMonthlyPrice } from '../utils/format-money.util';

export function PlanCard({ plan }: { readonly plan: PlanCardFieldsFragment }) {
  const price = formatMonthlyPrice(plan.monthlyPriceCents);
  return (
    <Card
      data-testid={`plan-card-${plan.id}`}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        overflow: 'visible',
        borderWidth: plan.highlighted ? 2 : 1,
        borderColor: plan.highlighted ? 'primary.main' : 'divider',
        boxShadow: plan.highlighted ? 6 : 0,
      }}
    >
      {plan.highlighted && (
        <Chip
          label="Most Popular"
          color="primary"
          size="small"
          data-testid="plan-most-popular"
          sx={{
            position: 'absolute',
            top: 0,
            left: '50%',
            transform: 'translate(-50%, -50%)',
            fontWeight: 700,
          }}
        />
      )}
      <CardContent sx={{ flexGrow: 1, p: 3 }}>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          {plan.name}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'baseline', gap: 0.5, mb: 2 }}>
          <Typography variant="h3" component="p" data-testid="plan-price">
            {price}
          </Typography>
          {plan.monthlyPriceCents !== null && (
            <Typography variant="body1" color="textSecondary">
              /month
            </Typography>
          )}
        </Stack>
        <CheckList items={plan.features} />
      </CardContent>
      <CardActions sx={{ p: 3, pt: 0 }}>
        <Box sx={{ width: '100%' }}>
          <Button
            component={RouterLink}
            to="/register"
            fullWidth
            size="large"
            variant={plan.highlighted ? 'contained' : 'outlined'}
            data-testid={`plan-cta-${plan.id}`}
          >
            {plan.callToAction}
          </Button>
        </Box>
      </CardActions>
    </Card>
  );
}
