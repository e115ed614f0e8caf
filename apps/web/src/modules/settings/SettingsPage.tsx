import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { PRODUCT_NAME } from '@membolt/contracts/rules';
import { RetryAlert } from '../ui/components/RetryAlert';
import { ApiKeysTab } from './components/ApiKeysTab';
import { NotificationsTab } from './components/NotificationsTab';
import { ProfileTab } from './components/ProfileTab';
import { SecurityTab } from './components/SecurityTab';
import { SubscriptionTab } from './components/SubscriptionTab';
import { SETTINGS_QUERY } from './graphql/queries/settings.query';
import { SETTINGS_TABS, type SettingsTabId } from './settings.constants';

const tabId = (id: SettingsTabId) => `settings-tab-${id}`;
const panelId = (id: SettingsTabId) => `settings-tabpanel-${id}`;

export function SettingsPage({ initialTab = 'profile' }: { readonly initialTab?: SettingsTabId }) {
  const [tab, setTab] = useState<SettingsTabId>(initialTab);
  const { data, loading, error, refetch } = useQuery(SETTINGS_QUERY);

  let content: ReactNode;
  if (loading && !data) {
    content = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading settings" />
      </Box>
    );
  } else if (!data) {
    content = (
      <RetryAlert onRetry={() => refetch()}>
        {error ? "We couldn't load your settings." : 'No settings to show.'}
      </RetryAlert>
    );
  } else {
    const { viewer } = data;
    switch (tab) {
      case 'profile':
        content = <ProfileTab key={viewer.id} viewer={viewer} />;
        break;
      case 'notifications':
        content = <NotificationsTab key={viewer.id} viewer={viewer} />;
        break;
      case 'subscription':
        content = <SubscriptionTab plan={viewer.plan} plans={data.planCatalogue.plans} />;
        break;
      case 'security':
        content = <SecurityTab />;
        break;
      case 'api-keys':
        content = <ApiKeysTab />;
        break;
    }
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <title>{`Settings - ${PRODUCT_NAME}`}</title>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Settings
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 0.5 }}>
          Manage your account settings and preferences
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Tabs
          value={tab}
          onChange={(_event, next: SettingsTabId) => setTab(next)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Settings sections"
        >
          {SETTINGS_TABS.map((entry) => (
            <Tab
              key={entry.id}
              value={entry.id}
              label={entry.label}
              id={tabId(entry.id)}
              aria-controls={panelId(entry.id)}
            />
          ))}
        </Tabs>
      </Paper>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {content}
      </Box>
    </Stack>
  );
}
