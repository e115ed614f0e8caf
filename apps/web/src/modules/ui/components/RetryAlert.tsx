import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';

type RetryAlertProps = Omit<AlertProps, 'severity' | 'action'> & {
  /** Loads again, e.g. a query's `refetch`. */
  readonly onRetry: () => Promise<unknown>;
};

/** Says that something could not be loaded, with a button to try again. */
export function RetryAlert({ onRetry, children, ...props }: RetryAlertProps) {
  return (
    <Alert
      {...props}
      severity="error"
      action={
        <Button
          color="inherit"
          size="small"
          // A failed retry is shown by the query's error state; the rejected promise carries nothing more.
          onClick={() => onRetry().catch(() => undefined)}
        >
          Retry
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
