import Box from '@mui/material/Box';
import type { DialogProps } from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import type { FormEvent, ReactNode } from 'react';
import { BusyDialog, CancelOrActButtons } from './BusyDialog';
import { ErrorBanner } from './ErrorBanner';

interface FormDialogProps {
  readonly open: boolean;
  /** Prefixes the title's element id (`<id>-title`, which names the dialog) and the error's test id. */
  readonly id: string;
  readonly title: string;
  readonly maxWidth: DialogProps['maxWidth'];
  /** The fields. */
  readonly children: ReactNode;
  readonly submitLabel: string;
  readonly busyLabel: string;
  /** Keeps the button as wide while its label is replaced by the spinner. */
  readonly submitMinWidth: number;
  readonly busy: boolean;
  readonly error: string | null;
  readonly onCancel: () => void;
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** A form in a dialog, with Cancel and a submit button; it cannot be dismissed while it submits. */
export function FormDialog({
  open,
  id,
  title,
  maxWidth,
  children,
  submitLabel,
  busyLabel,
  submitMinWidth,
  busy,
  error,
  onCancel,
  onSubmit,
}: FormDialogProps) {
  return (
    <BusyDialog open={open} id={id} title={title} maxWidth={maxWidth} busy={busy} onCancel={onCancel}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogContent>
          <ErrorBanner message={error} spaceBelow={1} testId={`${id}-error`} />
          {children}
        </DialogContent>
        <CancelOrActButtons
          busy={busy}
          onCancel={onCancel}
          type="submit"
          busyLabel={busyLabel}
          label={submitLabel}
          minWidth={submitMinWidth}
        />
      </Box>
    </BusyDialog>
  );
}
