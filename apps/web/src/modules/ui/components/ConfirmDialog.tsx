import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import type { ReactNode } from 'react';
import { BusyDialog, CancelOrActButtons } from './BusyDialog';
import { ErrorBanner } from './ErrorBanner';

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
    <BusyDialog open={open} id={id} title={title} maxWidth="xs" busy={busy} onCancel={onCancel}>
      <DialogContent>
        <ErrorBanner message={error} spaceBelow={2} />
        <DialogContentText>{children}</DialogContentText>
        {extra}
      </DialogContent>
      <CancelOrActButtons
        busy={busy}
        onCancel={onCancel}
        onClick={onConfirm}
        color="error"
        busyLabel={busyLabel}
        label={confirmLabel}
        minWidth={confirmMinWidth}
      />
    </BusyDialog>
  );
}
