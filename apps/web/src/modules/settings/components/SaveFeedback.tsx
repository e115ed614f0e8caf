import Alert from '@mui/material/Alert';

/** The banners above a settings tab: the "saved" confirmation and the save failure. */
export function SaveFeedback({
  saved,
  failure = null,
}: {
  readonly saved: string | null;
  readonly failure?: string | null;
}) {
  return (
    <>
      {saved && (
        <Alert severity="success" data-testid="settings-saved">
          {saved}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" data-testid="settings-error">
          {failure}
        </Alert>
      )}
    </>
  );
}
