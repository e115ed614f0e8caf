import AttachFileIcon from '@mui/icons-material/AttachFile';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBytes } from '@membolt/contracts/rules';
import type { FileMessageState } from '../chat.types';

const STAGE_TEXT: Readonly<Record<string, string>> = {
  uploading: 'Uploading...',
  receiving: 'Uploading...',
  queued: 'Waiting to be read...',
  extracting: 'Reading the file...',
  chunking: 'Splitting it into memories...',
  embedding: 'Storing memories...',
  summarising: 'Summarising...',
};

/** A file uploaded from the chat: its progress, then its summary and a chip to the summary memory. */
export function FileMessage({
  file,
  onMemoryClick,
}: {
  readonly file: FileMessageState;
  readonly onMemoryClick: (memoryId: string) => void;
}) {
  return (
    <Stack spacing={1} data-testid="file-message" data-status={file.status} sx={{ minWidth: 220 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {file.status === 'failed' ? (
          <ErrorOutlineIcon fontSize="small" />
        ) : (
          <AttachFileIcon fontSize="small" />
        )}
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {file.name}
        </Typography>
        <Typography variant="caption" sx={{ opacity: 0.8, whiteSpace: 'nowrap' }}>
          {formatBytes(file.size)}
        </Typography>
      </Stack>
      {file.status === 'uploading' && (
        <Box>
          <LinearProgress
            variant="determinate"
            value={file.percent}
            color="inherit"
            aria-label={`Uploading ${file.name}`}
          />
          <Typography variant="caption" data-testid="file-stage">
            {STAGE_TEXT[file.stage] ?? 'Processing...'}
          </Typography>
        </Box>
      )}
      {file.status === 'uploaded' && (
        <Stack spacing={1}>
          <Typography variant="caption">Uploaded. The assistant will remember it.</Typography>
          {file.summary && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="file-summary">
              {file.summary}
            </Typography>
          )}
          {file.memoryId && (
            <Box>
              <Chip
                size="small"
                label="Summary memory"
                onClick={() => file.memoryId && onMemoryClick(file.memoryId)}
                sx={{ bgcolor: 'background.paper' }}
              />
            </Box>
          )}
        </Stack>
      )}
      {file.status === 'failed' && (
        <Typography variant="body2" data-testid="file-error">
          {file.error}
        </Typography>
      )}
    </Stack>
  );
}
