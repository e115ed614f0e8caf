import { useMutation, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { WebhookFieldsFragment } from '../../../../gql/graphql';
import { graphqlErrorMessage } from '../../../auth/utils/graphql-error.util';
import { RetryAlert } from '../../../ui/components/RetryAlert';
import { REDELIVER_WEBHOOK_MUTATION } from '../../graphql/mutations/webhook-changes.mutation';
import { WEBHOOK_DELIVERIES_QUERY } from '../../graphql/queries/webhook-deliveries.query';
import { formatDateTime } from '../../utils/api-key-display.util';

const DELIVERIES_SHOWN = 50;
const STATE_COLOUR = { succeeded: 'success', failed: 'error', pending: 'default' } as const;

/** An endpoint's delivery log (newest first) with a Redeliver button per delivery. */
export function WebhookDeliveriesDialog({
  webhook,
  onClose,
}: {
  readonly webhook: WebhookFieldsFragment | null;
  readonly onClose: () => void;
}) {
  const { data, loading, error, refetch } = useQuery(WEBHOOK_DELIVERIES_QUERY, {
    variables: { webhookId: webhook?.id ?? '', limit: DELIVERIES_SHOWN },
    skip: webhook === null,
    fetchPolicy: 'network-only',
  });
  const [redeliver, { loading: redelivering }] = useMutation(REDELIVER_WEBHOOK_MUTATION);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const deliveries = data?.webhookDeliveries ?? [];

  const send = async (deliveryId: string) => {
    if (!webhook) return;
    setNotice(null);
    try {
      await redeliver({ variables: { webhookId: webhook.id, deliveryId } });
      setNotice({ severity: 'success', text: 'Sent again: the log shows its new attempts.' });
      await refetch();
    } catch (caught) {
      setNotice({ severity: 'error', text: graphqlErrorMessage(caught) ?? 'Failed to redeliver' });
    }
  };

  const close = () => {
    setNotice(null);
    onClose();
  };

  let body;
  if (loading && !data) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading deliveries" />
      </Box>
    );
  } else if (error && !data) {
    body = <RetryAlert onRetry={() => refetch()}>We couldn&apos;t load the deliveries.</RetryAlert>;
  } else if (deliveries.length === 0) {
    body = (
      <Typography color="textSecondary">No deliveries yet: events show up here once they happen.</Typography>
    );
  } else {
    body = (
      <Table size="small" aria-label="Deliveries" data-testid="webhook-deliveries">
        <TableHead>
          <TableRow>
            <TableCell>Event</TableCell>
            <TableCell>State</TableCell>
            <TableCell>Response</TableCell>
            <TableCell>Attempts</TableCell>
            <TableCell>When</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.map((delivery) => (
            <TableRow key={delivery.id} data-testid="webhook-delivery">
              <TableCell>{delivery.event}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={delivery.state}
                  color={STATE_COLOUR[delivery.state as keyof typeof STATE_COLOUR] ?? 'default'}
                />
              </TableCell>
              <TableCell title={delivery.error ?? undefined}>
                {delivery.statusCode ?? (delivery.error ? 'no answer' : '—')}
                {delivery.durationMs !== null && delivery.durationMs !== undefined
                  ? ` · ${delivery.durationMs} ms`
                  : ''}
              </TableCell>
              <TableCell>{delivery.attempts}</TableCell>
              <TableCell>{formatDateTime(delivery.updatedAt)}</TableCell>
              <TableCell align="right">
                <Button size="small" disabled={redelivering} onClick={() => void send(delivery.id)}>
                  Redeliver
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }

  return (
    <Dialog
      open={webhook !== null}
      onClose={close}
      fullWidth
      maxWidth="md"
      aria-labelledby="webhook-deliveries-title"
    >
      <DialogTitle id="webhook-deliveries-title">Deliveries</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {webhook?.url}
        </Typography>
        {notice && (
          <Alert severity={notice.severity} sx={{ mb: 2 }} role="status">
            {notice.text}
          </Alert>
        )}
        {body}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => void refetch()}>Refresh</Button>
        <Button variant="contained" onClick={close}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
