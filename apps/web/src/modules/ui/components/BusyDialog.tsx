import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import type { ComponentProps, ReactNode } from 'react';
import { BusyButton } from './BusyButton';

interface BusyDialogProps {
  readonly open: boolean;
  /** Prefixes the title's element id (`<id>-title`), which names the dialog. */
  readonly id: string;
  readonly title: string;
  readonly maxWidth: DialogProps['maxWidth'];
  readonly busy: boolean;
  readonly onCancel: () => void;
  readonly children: ReactNode;
}

/** A titled dialog that cannot be dismissed while its action runs. */
export function BusyDialog({ open, id, title, maxWidth, busy, onCancel, children }: BusyDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}

type ActionButtonProps = Omit<ComponentProps<typeof BusyButton>, 'busy' | 'sx' | 'variant' | 'children'>;

/** Cancel, then the dialog's action: both wait while the action runs. */
export function CancelOrActButtons({
  busy,
  onCancel,
  label,
  minWidth,
  ...action
}: ActionButtonProps & {
  readonly busy: boolean;
  readonly onCancel: () => void;
  readonly label: string;
  /** Keeps the button as wide while its label is replaced by the spinner. */
  readonly minWidth: number;
}) {
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <BusyButton {...action} variant="contained" busy={busy} sx={{ minWidth }}>
        {label}
      </BusyButton>
    </DialogActions>
  );
}
