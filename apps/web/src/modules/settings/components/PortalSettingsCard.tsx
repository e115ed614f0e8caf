import { useMutation, useQuery } from '@apollo/client/react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  PORTAL_DEFAULT_COLOR,
  PORTAL_DISPLAY_NAME_MAX_LENGTH,
  PORTAL_FRAME_ORIGINS_MAX,
  PortalMessages,
  isPortalFrameOrigin,
} from '@membolt/contracts/rules';
import { RetryAlert } from '../../ui/components/RetryAlert';
import { UPDATE_PORTAL_SETTINGS_MUTATION } from '../graphql/mutations/update-portal-settings.mutation';
import { PORTAL_SETTINGS_QUERY } from '../graphql/queries/portal-settings.query';
import { useSaveFeedback } from '../hooks/use-save-feedback';
import { SaveChangesButton } from './SaveChangesButton';
import { SaveFeedback } from './SaveFeedback';

const SAVE_FAILED = "We could not save your end users' portal settings. Please try again.";

interface PortalForm {
  readonly displayName: string;
  readonly logoUrl: string;
  readonly color: string;
  /** One origin a line. */
  readonly frameOrigins: string;
}

const originsOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

function PortalSettingsForm({ initial }: { readonly initial: PortalForm }) {
  const [form, setForm] = useState<PortalForm>(initial);
  const feedback = useSaveFeedback(SAVE_FAILED);
  const [update, { loading }] = useMutation(UPDATE_PORTAL_SETTINGS_MUTATION);
  const origins = originsOf(form.frameOrigins);
  const originProblem =
    origins.length > PORTAL_FRAME_ORIGINS_MAX
      ? PortalMessages.frameOriginsTooMany
      : origins.some((origin) => !isPortalFrameOrigin(origin))
        ? PortalMessages.frameOrigin
        : null;

  const set = (field: keyof PortalForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const save = () =>
    feedback.save(() =>
      update({
        variables: {
          input: {
            displayName: form.displayName,
            logoUrl: form.logoUrl,
            color: form.color,
            frameOrigins: origins,
          },
        },
      }),
    );

  return (
    <Stack spacing={2}>
      <SaveFeedback saved={feedback.saved} failure={feedback.failure} />
      <TextField
        label="Name shown to your end users"
        value={form.displayName}
        onChange={set('displayName')}
        helperText='Shown as "What <name> remembers about you"'
        slotProps={{ htmlInput: { maxLength: PORTAL_DISPLAY_NAME_MAX_LENGTH } }}
      />
      <TextField label="Logo URL" value={form.logoUrl} onChange={set('logoUrl')} placeholder="https://" />
      <TextField
        label="Colour"
        type="color"
        value={form.color}
        onChange={set('color')}
        sx={{ maxWidth: 160 }}
      />
      <TextField
        label="Origins allowed to embed the portal"
        value={form.frameOrigins}
        onChange={set('frameOrigins')}
        multiline
        minRows={2}
        placeholder="https://app.example.com"
        error={originProblem !== null}
        helperText={originProblem ?? 'One origin a line. None: only this site may show it in a frame.'}
      />
      <SaveChangesButton saving={loading} onClick={() => void save()} />
    </Stack>
  );
}

/**
 * The developer's settings of the end users' portal ("what this app remembers about you"): the name, logo and
 * colour it shows, and the origins that may embed it in an iframe.
 */
export function PortalSettingsCard() {
  const { data, loading, error, refetch } = useQuery(PORTAL_SETTINGS_QUERY);
  let content;
  if (loading && !data) content = <CircularProgress size={24} aria-label="Loading portal settings" />;
  else if (error || !data)
    content = <RetryAlert onRetry={() => refetch()}>Failed to load the portal settings.</RetryAlert>;
  else {
    const settings = data.portalSettings;
    content = (
      <PortalSettingsForm
        initial={{
          displayName: settings.displayName ?? '',
          logoUrl: settings.logoUrl ?? '',
          color: settings.color || PORTAL_DEFAULT_COLOR,
          frameOrigins: settings.frameOrigins.join('\n'),
        }}
      />
    );
  }
  return (
    <Card component="section" aria-label="End users' portal">
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          End users&apos; portal
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The page where each end user of your app sees, corrects, forgets and downloads what it remembers
          about them. Your backend opens it with a short-lived link (POST
          /api/user/&#123;id&#125;/end_users/&#123;endUserId&#125;/portal).
        </Typography>
        {content}
      </CardContent>
    </Card>
  );
}
