import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { BusyButton } from './BusyButton';

interface ConfirmDialogProps {
  readonly open: boolean;
  /** Prefixes the title's element id (`<id>-title`), which names the dialog. */
  readonly id: string;
  readonly title: string;
  /** The question, saying what the action destroys. */
  readonly children: ReactNode;
  /** Shown under the question, e.g. a field the action needs. */
  readonly extra?: ReactNode;
  readonly confirmLabel: string;
  readonly busyLabel: string;
  /** Keeps the button as wide while its label is replaced by the spinner. */
  readonly confirmMinWidth: number;
  readonly busy: boolean;
  readonly error: string | null;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
}

/** Asks before an action that cannot be undone; it cannot be dismissed while the action runs. */
export function ConfirmDialog({
  open,
  id,
  title,
  children,
  extra,
  confirmLabel,
  busyLabel,
  confirmMinWidth,
  busy,
  error,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText>{children}</DialogContentText>
        {extra}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <BusyButton
          onClick={onConfirm}
          color="error"
          variant="contained"
          busy={busy}
          busyLabel={busyLabel}
          sx={{ minWidth: confirmMinWidth }}
        >
          {confirmLabel}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
