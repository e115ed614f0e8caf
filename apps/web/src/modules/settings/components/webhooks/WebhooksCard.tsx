import { useMutation, useQuery } from '@apollo/client/react';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MONOSPACE_FONT_STACK } from '../../../../app/theme/theme';
import type { WebhookFieldsFragment } from '../../../../gql/graphql';
import { graphqlErrorMessage } from '../../../auth/utils/graphql-error.util';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';
import { RetryAlert } from '../../../ui/components/RetryAlert';
import {
  DELETE_WEBHOOK_MUTATION,
  SET_WEBHOOK_ENABLED_MUTATION,
} from '../../graphql/mutations/webhook-changes.mutation';
import { WEBHOOKS_QUERY } from '../../graphql/queries/webhooks.query';
import { formatDateTime } from '../../utils/api-key-display.util';
import { CreateWebhookDialog } from './CreateWebhookDialog';
import { WebhookDeliveriesDialog } from './WebhookDeliveriesDialog';
import { WebhookSecretDialog } from './WebhookSecretDialog';

function WebhookItem({
  webhook,
  onToggle,
  onDelete,
  onDeliveries,
  busy,
}: {
  readonly webhook: WebhookFieldsFragment;
  readonly onToggle: (enabled: boolean) => void;
  readonly onDelete: () => void;
  readonly onDeliveries: () => void;
  readonly busy: boolean;
}) {
  return (
    <Card variant="outlined" data-testid="webhook-item">
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography
              component="h4"
              sx={{
                fontFamily: MONOSPACE_FONT_STACK,
                fontSize: 14,
                fontWeight: 700,
                overflowWrap: 'anywhere',
              }}
            >
              {webhook.url}
            </Typography>
            <Chip
              size="small"
              data-testid="webhook-status"
              label={webhook.enabled ? 'Enabled' : 'Disabled'}
              color={webhook.enabled ? 'success' : 'default'}
            />
          </Stack>
          {webhook.description && (
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {webhook.description}
            </Typography>
          )}
          <Typography variant="body2">{webhook.events.join(', ')}</Typography>
          {!webhook.enabled && webhook.disabledReason && (
            <Alert severity="warning" sx={{ py: 0 }}>
              {webhook.disabledReason}
            </Alert>
          )}
          <Typography variant="caption" color="textSecondary">
            {`Created: ${formatDateTime(webhook.createdAt)}`}
            {webhook.consecutiveFailures > 0 && ` · Failed attempts in a row: ${webhook.consecutiveFailures}`}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <FormControlLabel
              label="Enabled"
              control={
                <Switch
                  checked={webhook.enabled}
                  disabled={busy}
                  onChange={(_event, on) => onToggle(on)}
                  slotProps={{ input: { 'aria-label': `Enabled: ${webhook.url}` } }}
                />
              }
            />
            <Button size="small" variant="outlined" onClick={onDeliveries}>
              Deliveries
            </Button>
            <Button size="small" variant="outlined" color="error" onClick={onDelete}>
              Delete
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * Settings → API Keys: the account's webhook endpoints. Add one (URL, events; its signing secret shown once),
 * pause or enable it, delete it, read its delivery log and send a delivery again.
 */
export function WebhooksCard() {
  const { data, loading, error, refetch } = useQuery(WEBHOOKS_QUERY, { fetchPolicy: 'cache-and-network' });
  const [setEnabled, { loading: toggling }] = useMutation(SET_WEBHOOK_ENABLED_MUTATION);
  const [deleteWebhook, { loading: deleting }] = useMutation(DELETE_WEBHOOK_MUTATION);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [removing, setRemoving] = useState<WebhookFieldsFragment | null>(null);
  const [viewing, setViewing] = useState<WebhookFieldsFragment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const webhooks = data?.webhooks ?? [];

  const toggle = async (webhook: WebhookFieldsFragment, enabled: boolean) => {
    setFailure(null);
    try {
      await setEnabled({ variables: { id: webhook.id, enabled } });
    } catch (caught) {
      setFailure(graphqlErrorMessage(caught) ?? 'Failed to change the webhook');
    }
  };

  const remove = async () => {
    if (!removing) return;
    setDeleteFailure(null);
    try {
      await deleteWebhook({ variables: { id: removing.id } });
      setRemoving(null);
      await refetch();
    } catch (caught) {
      setDeleteFailure(graphqlErrorMessage(caught) ?? 'Failed to delete the webhook');
    }
  };

  let list;
  if (loading && !data) {
    list = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress aria-label="Loading webhooks" />
      </Box>
    );
  } else if (error && !data) {
    list = <RetryAlert onRetry={() => refetch()}>We couldn&apos;t load your webhooks.</RetryAlert>;
  } else if (webhooks.length === 0) {
    list = <Typography color="textSecondary">No webhooks yet.</Typography>;
  } else {
    list = (
      <Stack spacing={1.5} data-testid="webhook-list">
        {webhooks.map((webhook) => (
          <WebhookItem
            key={webhook.id}
            webhook={webhook}
            busy={toggling}
            onToggle={(enabled) => void toggle(webhook, enabled)}
            onDelete={() => setRemoving(webhook)}
            onDeliveries={() => setViewing(webhook)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Card component="section" aria-labelledby="webhooks-title" data-testid="webhooks-card">
      <CardContent sx={{ p: 3 }}>
        <Stack spacing={2}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Box>
              <Typography id="webhooks-title" variant="h6" component="h3" sx={{ fontWeight: 700 }}>
                Webhooks
              </Typography>
              <Typography variant="body2" color="textSecondary">
                Your server hears about new, changed and deleted memories, finished uploads and plan changes
                as they happen, in signed POSTs. An endpoint that keeps failing is disabled and you get an
                e-mail.
              </Typography>
            </Box>
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => setCreating(true)}
              sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
            >
              Add Webhook
            </Button>
          </Stack>
          {failure && <Alert severity="error">{failure}</Alert>}
          {list}
        </Stack>
      </CardContent>
      <CreateWebhookDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setSecret(created);
          refetch().catch(() => undefined);
        }}
      />
      <WebhookSecretDialog secret={secret} onDone={() => setSecret(null)} />
      <WebhookDeliveriesDialog webhook={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={removing !== null}
        id="delete-webhook"
        title="Delete Webhook"
        confirmLabel="Delete"
        busyLabel="Deleting"
        confirmMinWidth={100}
        busy={deleting}
        error={deleteFailure}
        onCancel={() => {
          setRemoving(null);
          setDeleteFailure(null);
        }}
        onConfirm={() => void remove()}
      >
        {`Delete the webhook to ${removing?.url ?? ''}? Its pending deliveries stop and its log is removed.`}
      </ConfirmDialog>
    </Card>
  );
}
