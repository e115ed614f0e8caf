import { useMutation } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { AuthUser } from '../../auth/auth.context';
import { graphqlErrorMessage } from '../../auth/utils/graphql-error.util';
import { useFlashMessage } from '../../ui/hooks/use-flash-message';
import { UPDATE_NOTIFICATIONS_MUTATION } from '../graphql/mutations/update-notifications.mutation';
import { SAVED_BANNER_MS, SAVED_MESSAGE } from '../settings.constants';

type NotificationKey = 'emailNotifications' | 'newFeatures' | 'marketingEmails' | 'conversationSummaries';
type NotificationValues = Record<NotificationKey, boolean>;

const NOTIFICATION_OPTIONS: ReadonlyArray<{ key: NotificationKey; title: string; description: string }> = [
  {
    key: 'emailNotifications',
    title: 'Email Notifications',
    description: 'Receive email notifications for important updates',
  },
  { key: 'newFeatures', title: 'New Features', description: 'Get notified when new features are available' },
  { key: 'marketingEmails', title: 'Marketing Emails', description: 'Receive promotional emails and offers' },
  {
    key: 'conversationSummaries',
    title: 'Conversation Summaries',
    description: 'Receive weekly summaries of conversations',
  },
];

const SAVE_FAILED = 'We could not save your notification preferences. Please try again.';

export function NotificationsTab({ viewer }: { readonly viewer: AuthUser }) {
  const { emailNotifications, newFeatures, marketingEmails, conversationSummaries } = viewer.notifications;
  const [values, setValues] = useState<NotificationValues>({
    emailNotifications,
    newFeatures,
    marketingEmails,
    conversationSummaries,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const saved = useFlashMessage(SAVED_BANNER_MS);
  const [updateNotifications, { loading }] = useMutation(UPDATE_NOTIFICATIONS_MUTATION);

  const save = async () => {
    setFailure(null);
    saved.clear();
    try {
      await updateNotifications({ variables: { input: values } });
      saved.show(SAVED_MESSAGE);
    } catch (caught) {
      setFailure(graphqlErrorMessage(caught) ?? SAVE_FAILED);
    }
  };

  return (
    <Stack spacing={2}>
      {saved.message && (
        <Alert severity="success" data-testid="settings-saved">
          {saved.message}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" data-testid="settings-error">
          {failure}
        </Alert>
      )}
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h6" component="h2">
            Notification Preferences
          </Typography>
          <List>
            {NOTIFICATION_OPTIONS.map((option) => (
              <ListItem
                key={option.key}
                divider
                disableGutters
                secondaryAction={
                  <Switch
                    edge="end"
                    checked={values[option.key]}
                    onChange={(event) =>
                      setValues((current) => ({ ...current, [option.key]: event.target.checked }))
                    }
                    disabled={loading}
                    slotProps={{
                      input: {
                        'aria-labelledby': `notification-${option.key}-title`,
                        'aria-describedby': `notification-${option.key}-description`,
                      },
                    }}
                  />
                }
              >
                <ListItemText
                  primary={option.title}
                  secondary={option.description}
                  slotProps={{
                    primary: { id: `notification-${option.key}-title` },
                    secondary: { id: `notification-${option.key}-description` },
                  }}
                  sx={{ pr: 6 }}
                />
              </ListItem>
            ))}
          </List>
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button
              variant="contained"
              size="large"
              onClick={() => void save()}
              disabled={loading}
              sx={{ minWidth: 160 }}
            >
              {loading ? <CircularProgress size={24} color="inherit" aria-label="Saving" /> : 'Save Changes'}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
