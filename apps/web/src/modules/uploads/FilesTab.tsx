import { useMutation, useQuery } from '@apollo/client/react';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import {
  formatBytes,
  UPLOAD_ACCEPTED_EXTENSIONS,
  UPLOAD_LIST_MAX_LIMIT,
  UploadMessages,
} from '@membolt/contracts/rules';
import type { UploadFieldsFragment } from '../../gql/graphql';
import { ConfirmDialog } from '../ui/components/ConfirmDialog';
import { RetryAlert } from '../ui/components/RetryAlert';
import { countLabel } from '../ui/utils/count-label.util';
import { DELETE_UPLOAD_MUTATION, UPLOADS_QUERY } from './graphql/uploads.graphql';
import { useFileUpload } from './hooks/use-file-upload';
import { useFollowUploads } from './hooks/use-follow-uploads';
import { isUploadFinished } from './utils/upload-events';

const STATE_LABELS: Readonly<Record<string, string>> = {
  receiving: 'Uploading',
  queued: 'Queued',
  extracting: 'Extracting text',
  chunking: 'Chunking',
  embedding: 'Storing memories',
  summarising: 'Summarising',
  done: 'Done',
  failed: 'Failed',
};
/** Uploads whose progress is pushed at once (the others follow as these finish). */
const FOLLOWED_AT_ONCE = 3;

function FileRow({ upload, onDelete }: { upload: UploadFieldsFragment; onDelete: () => void }) {
  const working = !isUploadFinished(upload.state);
  const details = [
    upload.kind?.toUpperCase(),
    formatBytes(upload.size),
    upload.pages !== null && upload.pages !== undefined ? countLabel(upload.pages, 'page') : null,
    upload.chunks !== null && upload.chunks !== undefined ? countLabel(upload.chunks, 'chunk') : null,
    new Date(upload.createdAt).toLocaleString(),
  ].filter(Boolean);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="upload-row">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{upload.fileName}</Typography>
          <Typography variant="body2" color="textSecondary">
            {details.join(' · ')}
          </Typography>
        </Box>
        <Chip
          size="small"
          label={STATE_LABELS[upload.state] ?? upload.state}
          color={upload.state === 'done' ? 'success' : upload.state === 'failed' ? 'error' : 'default'}
          data-testid="upload-state"
        />
        <IconButton aria-label={`Delete ${upload.fileName}`} onClick={onDelete}>
          <DeleteIcon />
        </IconButton>
      </Stack>
      {working && (
        <LinearProgress
          variant="determinate"
          value={upload.percent}
          sx={{ mt: 1.5 }}
          aria-label={`${upload.fileName}: ${upload.percent}%`}
        />
      )}
      {upload.state === 'failed' && upload.error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {upload.error}
        </Alert>
      )}
      {upload.state === 'done' && upload.summary && (
        <Typography variant="body2" sx={{ mt: 1.5, whiteSpace: 'pre-wrap' }} data-testid="upload-summary">
          {upload.summary}
        </Typography>
      )}
    </Paper>
  );
}

/** The Memories screen's Files tab: the user's uploads with their state, an upload button, and delete. */
export default function FilesTab() {
  const input = useRef<HTMLInputElement>(null);
  const list = useQuery(UPLOADS_QUERY, {
    variables: { limit: UPLOAD_LIST_MAX_LIMIT, offset: 0 },
    fetchPolicy: 'cache-and-network',
  });
  const uploads = list.data?.uploads.uploads ?? [];
  // Follows the processing of queued files, pushed by the server; the list reloads at each change. A
  // browser holds 6 connections per site: a few streams at once leave the others to GraphQL.
  useFollowUploads(
    uploads
      .filter((u) => u.state !== 'receiving' && !isUploadFinished(u.state))
      .slice(0, FOLLOWED_AT_ONCE)
      .map((u) => u.id),
    () => void list.refetch(),
  );
  const { state, upload } = useFileUpload(() => void list.refetch());
  const [deleting, setDeleting] = useState<UploadFieldsFragment | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleteUpload, { loading: deletingNow }] = useMutation(DELETE_UPLOAD_MUTATION, {
    refetchQueries: ['Uploads', 'MemoryStats'],
  });

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (file) void upload(file).then(() => list.refetch());
    if (input.current) input.current.value = '';
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await deleteUpload({ variables: { id: deleting.id } });
      setDeleting(null);
    } catch {
      setDeleteError(UploadMessages.deleteFailed);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          variant="contained"
          startIcon={<UploadFileIcon />}
          onClick={() => input.current?.click()}
          disabled={state.phase === 'uploading'}
        >
          Upload File
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={UPLOAD_ACCEPTED_EXTENSIONS.join(',')}
          data-testid="files-upload-input"
          onChange={(event) => pick(event.target.files)}
        />
        {state.phase === 'uploading' && (
          <Box sx={{ flexGrow: 1 }} data-testid="files-upload-progress">
            <Typography variant="body2">{`${state.fileName}: ${STATE_LABELS[state.stage] ?? 'Uploading'}…`}</Typography>
            <LinearProgress variant="determinate" value={state.percent} />
          </Box>
        )}
      </Stack>
      {state.phase === 'failed' && (
        <Alert severity="error" data-testid="files-upload-error">
          {UploadMessages.failedToUpload(state.fileName, state.message)}
        </Alert>
      )}
      {list.error && !list.data ? (
        <RetryAlert onRetry={() => list.refetch()}>{UploadMessages.loadFailed}</RetryAlert>
      ) : list.loading && !list.data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading files" />
        </Box>
      ) : uploads.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6 }} data-testid="files-empty">
          <Typography variant="h6">{UploadMessages.emptyTitle}</Typography>
          <Typography color="textSecondary">{UploadMessages.emptyHint}</Typography>
        </Box>
      ) : (
        <Stack spacing={1.5} data-testid="files-list">
          {uploads.map((u) => (
            <FileRow key={u.id} upload={u} onDelete={() => setDeleting(u)} />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={deleting !== null}
        id="delete-upload"
        title="Delete File"
        confirmLabel="Delete"
        busyLabel="Deleting"
        confirmMinWidth={96}
        busy={deletingNow}
        error={deleteError}
        onCancel={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
        onConfirm={() => void confirmDelete()}
        extra={
          <Typography sx={{ mt: 2, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {deleting?.fileName}
          </Typography>
        }
      >
        {UploadMessages.deleteConfirmation}
      </ConfirmDialog>
    </Stack>
  );
}
