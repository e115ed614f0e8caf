import { useMutation, useQuery } from '@apollo/client/react';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { START_DATA_EXPORT_MUTATION } from '../graphql/mutations/start-data-export.mutation';
import { LATEST_DATA_EXPORT_QUERY } from '../graphql/queries/latest-data-export.query';
import { formatDateTime } from '../utils/api-key-display.util';

/** How often the card asks how far a running export got. */
const PROGRESS_POLL_MS = 1000;

const STAGE_LABELS: Readonly<Record<string, string>> = {
  memories: 'memories',
  conversations: 'conversations',
  uploads: 'uploads',
  usage: 'usage',
  zip: 'the zip file',
};

const sizeLabel = (bytes: number): string =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * "Download my data": starts the export job, shows its progress (polled), and links the zip once it is ready
 * until it expires.
 */
export function DownloadMyDataCard() {
  const { data, startPolling, stopPolling, refetch } = useQuery(LATEST_DATA_EXPORT_QUERY, {
    fetchPolicy: 'cache-and-network',
  });
  const [start, { loading: starting, error: startError }] = useMutation(START_DATA_EXPORT_MUTATION, {
    onCompleted: () => void refetch(),
  });
  const current = data?.latestDataExport ?? null;
  const building = current?.state === 'queued' || current?.state === 'running';
  useEffect(() => {
    if (building) startPolling(PROGRESS_POLL_MS);
    else stopPolling();
  }, [building, startPolling, stopPolling]);

  return (
    <Card>
      <Stack spacing={2} sx={{ p: 3 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Box sx={{ color: 'text.secondary', mt: 0.25 }}>
              <DownloadIcon />
            </Box>
            <Box>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                Your data
              </Typography>
              <Typography variant="body2" color="textSecondary">
                A zip of JSON files with every memory and its history, your conversations, your uploads&apos;
                details and your usage.
              </Typography>
            </Box>
          </Stack>
          <Button
            variant="outlined"
            disabled={starting || building}
            onClick={() => void start()}
            aria-label="Download my data"
          >
            Download my data
          </Button>
        </Stack>
        {building && current && (
          <Box role="status">
            <Typography variant="body2" sx={{ mb: 1 }}>
              Preparing your data: {current.percent}%
              {current.stage ? ` (reading ${STAGE_LABELS[current.stage] ?? current.stage})` : ''}
            </Typography>
            <LinearProgress variant="determinate" value={current.percent} aria-label="Export progress" />
          </Box>
        )}
        {current?.state === 'done' && current.downloadUrl && (
          <Alert
            severity="success"
            action={
              <Button color="inherit" href={current.downloadUrl} download startIcon={<DownloadIcon />}>
                Download{current.bytes !== null ? ` (${sizeLabel(current.bytes)})` : ''}
              </Button>
            }
          >
            Your data is ready
            {current.expiresAt
              ? `. The download is available until ${formatDateTime(current.expiresAt)}.`
              : '.'}
          </Alert>
        )}
        {current?.state === 'failed' && (
          <Alert severity="error">
            The export failed{current.error ? `: ${current.error}` : ''}. Please try again.
          </Alert>
        )}
        {current?.state === 'expired' && (
          <Alert severity="info">
            Your last export has expired. Prepare a new one to download your data.
          </Alert>
        )}
        {startError && <Alert severity="error">{startError.message}</Alert>}
      </Stack>
    </Card>
  );
}
