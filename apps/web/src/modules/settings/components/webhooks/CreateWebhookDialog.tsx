import { useMutation } from '@apollo/client/react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import {
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEventType,
} from '@membolt/contracts/rules';
import { type FormEvent, useState } from 'react';
import { graphqlErrorMessage } from '../../../auth/utils/graphql-error.util';
import { FormDialog } from '../../../ui/components/FormDialog';
import { CREATE_WEBHOOK_MUTATION } from '../../graphql/mutations/create-webhook.mutation';
import { CurrentPasswordField, needsCurrentPassword } from '../CurrentPasswordField';

const CREATE_FAILED = 'Failed to create the webhook';
const URL_REQUIRED = 'Enter the http(s) URL that will receive the events';
const EVENTS_REQUIRED = 'Choose at least one event';

/** A new endpoint: its URL, the events it receives, a description; the server checks the URL (no private hosts). */
export function CreateWebhookDialog({
  open,
  onClose,
  onCreated,
}: {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The signing secret, which exists in the browser only until the reveal dialog closes. */
  readonly onCreated: (secret: string) => void;
}) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<readonly WebhookEventType[]>(['memory.created']);
  const [fieldError, setFieldError] = useState<{ url?: string; events?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [askPassword, setAskPassword] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [createWebhook, { loading }] = useMutation(CREATE_WEBHOOK_MUTATION);

  const close = () => {
    setUrl('');
    setDescription('');
    setEvents(['memory.created']);
    setFieldError({});
    setFailure(null);
    setAskPassword(false);
    setCurrentPassword('');
    onClose();
  };

  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((current) =>
      on
        ? WEBHOOK_EVENT_TYPES.filter((type) => type === event || current.includes(type))
        : current.filter((type) => type !== event),
    );

  const handleSubmit = async (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    setFailure(null);
    const errors = {
      ...(/^https?:\/\/\S+$/i.test(url.trim()) ? {} : { url: URL_REQUIRED }),
      ...(events.length > 0 ? {} : { events: EVENTS_REQUIRED }),
    };
    setFieldError(errors);
    if (errors.url || errors.events) return;
    try {
      const { data } = await createWebhook({
        variables: {
          input: {
            url: url.trim(),
            events: [...events],
            description: description.trim() || null,
            currentPassword: askPassword && currentPassword ? currentPassword : null,
          },
        },
      });
      if (!data) throw new Error(CREATE_FAILED);
      const secret = data.createWebhook.secret;
      close();
      onCreated(secret);
    } catch (caught) {
      if (needsCurrentPassword(caught)) setAskPassword(true);
      setFailure(graphqlErrorMessage(caught) ?? CREATE_FAILED);
    }
  };

  return (
    <FormDialog
      open={open}
      id="create-webhook"
      title="Add Webhook"
      maxWidth="sm"
      submitLabel="Add Webhook"
      busyLabel="Adding"
      submitMinWidth={140}
      busy={loading}
      error={failure}
      onCancel={close}
      onSubmit={(event) => void handleSubmit(event)}
    >
      <TextField
        id="webhook-url"
        label="Endpoint URL"
        placeholder="https://example.com/membolt-events"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        required
        autoFocus
        fullWidth
        margin="dense"
        error={fieldError.url !== undefined}
        helperText={fieldError.url ?? 'Events are POSTed here, signed with the secret shown after you add it'}
        disabled={loading}
        slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX_LENGTH, inputMode: 'url' } }}
      />
      <FormControl
        component="fieldset"
        error={fieldError.events !== undefined}
        margin="dense"
        disabled={loading}
      >
        <FormLabel component="legend">Events</FormLabel>
        <FormGroup row>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              label={type}
              control={
                <Checkbox checked={events.includes(type)} onChange={(_event, on) => toggle(type, on)} />
              }
            />
          ))}
        </FormGroup>
        {fieldError.events && <FormHelperText>{fieldError.events}</FormHelperText>}
      </FormControl>
      <TextField
        id="webhook-description"
        label="Description"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        fullWidth
        margin="dense"
        helperText="Optional"
        disabled={loading}
        slotProps={{ htmlInput: { maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH } }}
      />
      {askPassword && (
        <CurrentPasswordField
          id="webhook-current-password"
          value={currentPassword}
          onChange={setCurrentPassword}
          disabled={loading}
        />
      )}
    </FormDialog>
  );
}
