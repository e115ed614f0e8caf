import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { CopyableText } from '../../../ui/components/CopyableText';

/** The one time an endpoint's signing secret is visible: closing the dialog discards it. */
export function WebhookSecretDialog({
  secret,
  onDone,
}: {
  readonly secret: string | null;
  readonly onDone: () => void;
}) {
  return (
    <Dialog open={secret !== null} fullWidth maxWidth="sm" aria-labelledby="webhook-secret-title">
      <DialogTitle id="webhook-secret-title">Webhook Added</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">
            This is the only time the signing secret will be visible. Your receiver needs it to check the
            Membolt-Signature header of every delivery: copy it now.
          </Alert>
          <CopyableText text={secret ?? ''} label="signing secret" testId="webhook-secret-value" />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onDone}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
