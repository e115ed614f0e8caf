import { useMutation } from '@apollo/client/react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { AuthUser } from '../../auth/auth.context';
import { UPDATE_NOTIFICATIONS_MUTATION } from '../graphql/mutations/update-notifications.mutation';
import { useSaveFeedback } from '../hooks/use-save-feedback';
import { SaveChangesButton } from './SaveChangesButton';
import { SaveFeedback } from './SaveFeedback';

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
  const feedback = useSaveFeedback(SAVE_FAILED);
  const [updateNotifications, { loading }] = useMutation(UPDATE_NOTIFICATIONS_MUTATION);

  const save = () => feedback.save(() => updateNotifications({ variables: { input: values } }));

  return (
    <Stack spacing={2}>
      <SaveFeedback saved={feedback.saved} failure={feedback.failure} />
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
          <SaveChangesButton saving={loading} onClick={() => void save()} />
        </CardContent>
      </Card>
    </Stack>
  );
}
