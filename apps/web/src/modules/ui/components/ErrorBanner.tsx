import Alert from '@mui/material/Alert';

/** What went wrong, above a form or in a dialog; nothing while there is no error. */
export function ErrorBanner({
  message,
  spaceBelow,
  testId,
}: {
  readonly message: string | null | undefined;
  readonly spaceBelow: 1 | 2;
  readonly testId?: string;
}) {
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mb: spaceBelow }} data-testid={testId}>
      {message}
    </Alert>
  );
}
