import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

type BusyButtonProps = Omit<ButtonProps, 'disabled'> & {
  readonly busy: boolean;
  /** Names the spinner that stands in for the label while busy, e.g. "Saving". */
  readonly busyLabel: string;
};

/** A button that is disabled and shows a spinner while its action runs. */
export function BusyButton({ busy, busyLabel, size, children, ...props }: BusyButtonProps) {
  return (
    <Button {...props} size={size} disabled={busy}>
      {busy ? (
        // As tall as the label it replaces, so the button keeps its height.
        <CircularProgress size={size === 'large' ? 24 : 22} color="inherit" aria-label={busyLabel} />
      ) : (
        children
      )}
    </Button>
  );
}
