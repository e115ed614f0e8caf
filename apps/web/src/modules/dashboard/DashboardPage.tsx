import { useQuery } from '@apollo/client/react';
import ChatIcon from '@mui/icons-material/Chat';
import PsychologyIcon from '@mui/icons-material/Psychology';
import SettingsIcon from '@mui/icons-material/Settings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME } from '@membolt/contracts/rules';
import { ConversationUsageBar, planChangeAction, SubscriptionStatusCard } from '../billing';
import { MemoriesStatCard, MemoryStorageBar } from './components/MemoryUsage';
import { ConversationStatCards, RecentConversations } from './components/RecentConversations';
import { useAuth } from '../auth/auth.context';
import { VIEWER_QUERY } from '../auth/graphql/queries/viewer.query';
import { greetingName, planLabel } from '../layout/utils/user-display.util';

// Sign-up finishes the default API key and the free subscription in the background, within seconds.
const SETUP_POLL_INTERVAL_MS = 2_000;

const QUICK_ACTIONS = [
  { label: 'Start Chat', to: '/chat', icon: <ChatIcon /> },
  { label: 'View Memories', to: '/memories', icon: <PsychologyIcon /> },
  { label: 'Go to Settings', to: '/settings', icon: <SettingsIcon /> },
] as const;

export function DashboardPage() {
  const { user } = useAuth();
  const setupComplete = user?.setupComplete ?? true;
  // Polls until setup completes; the answer updates the signed-in user through the cache.
  useQuery(VIEWER_QUERY, {
    skip: setupComplete,
    pollInterval: SETUP_POLL_INTERVAL_MS,
    fetchPolicy: 'network-only',
  });

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <title>{`Dashboard - ${PRODUCT_NAME}`}</title>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
        data-testid="dashboard-greeting"
      >
        {`Welcome back, ${greetingName(user?.name, user?.email)}`}
      </Typography>
      {!setupComplete && (
        <Alert severity="info" data-testid="setup-pending">
          We&apos;re finishing setting up your account…
        </Alert>
      )}
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}
      >
        <ConversationStatCards />
        <MemoriesStatCard />
      </Box>
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Quick Actions
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {QUICK_ACTIONS.map((action, index) => (
              <Button
                key={action.to}
                component={RouterLink}
                to={action.to}
                variant={index === 0 ? 'contained' : 'outlined'}
                size="large"
                startIcon={action.icon}
              >
                {action.label}
              </Button>
            ))}
          </Stack>
        </CardContent>
      </Card>
      <RecentConversations />
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h6" component="h2">
              Usage Statistics
            </Typography>
            <Chip label={planLabel(user?.plan)} size="small" color="primary" data-testid="usage-plan" />
          </Stack>
          <ConversationUsageBar />
          <MemoryStorageBar />
          <Button component={RouterLink} to="/settings/subscription" variant="outlined" sx={{ mt: 3 }}>
            {planChangeAction(user?.plan)}
          </Button>
        </CardContent>
      </Card>
      <SubscriptionStatusCard />
    </Stack>
  );
}
