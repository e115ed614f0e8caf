import { useMutation, useQuery } from '@apollo/client/react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { graphqlErrorMessage } from '../../auth/utils/graphql-error.util';
import {
  REVOKE_CONVERSATION_SHARE_MUTATION,
  SHARE_CONVERSATION_MUTATION,
} from '../graphql/mutations/share-conversation.mutation';
import { CONVERSATION_SHARE_QUERY } from '../graphql/queries/conversation-share.query';
import { sharedConversationUrl } from '../utils/chat-screen.util';

interface ShareConversationDialogProps {
  /** The conversation to share; the dialog is open while it is set. */
  readonly conversationId: string | null;
  readonly onClose: () => void;
}

const SHARE_FAILED = 'Failed to change the link. Please try again.';

/**
 * Share Conversation: a read-only link anyone holding it can open (the messages only, none of the
 * memories), which the owner can copy, and revoke (decision 090).
 */
export function ShareConversationDialog({ conversationId, onClose }: ShareConversationDialogProps) {
  const open = conversationId !== null;
  const state = useQuery(CONVERSATION_SHARE_QUERY, {
    variables: { id: conversationId ?? '' },
    skip: !open,
    fetchPolicy: 'network-only',
  });
  const [share, sharing] = useMutation(SHARE_CONVERSATION_MUTATION);
  const [revoke, revoking] = useMutation(REVOKE_CONVERSATION_SHARE_MUTATION);
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  // The token the dialog's own actions set wins over the one loaded when it opened.
  const current = token !== undefined ? token : (state.data?.conversation.share?.token ?? null);
  const link = current ? sharedConversationUrl(window.location.origin, current) : null;
  const busy = sharing.loading || revoking.loading;

  const close = () => {
    setToken(undefined);
    setError(null);
    setCopied(false);
    onClose();
  };
  const run = async (action: () => Promise<string | null>) => {
    setError(null);
    setCopied(false);
    try {
      setToken(await action());
    } catch (failure) {
      setError(graphqlErrorMessage(failure) ?? SHARE_FAILED);
    }
  };
  const create = () =>
    run(async () => {
      const { data } = await share({ variables: { id: conversationId ?? '' } });
      if (!data) throw new Error(SHARE_FAILED);
      return data.shareConversation.token;
    });
  const stop = () =>
    run(async () => {
      await revoke({ variables: { id: conversationId ?? '' } });
      return null;
    });
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setError('Copying failed: select the link and copy it yourself.');
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="share-conversation-title">
      <DialogTitle id="share-conversation-title">Share Conversation</DialogTitle>
      <DialogContent>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          Anyone with the link can read this conversation, without signing in. They see the messages only,
          none of your memories. Revoking the link makes it stop working at once.
        </Typography>
        {state.loading && token === undefined ? (
          <CircularProgress size={24} aria-label="Loading the link" />
        ) : state.error && token === undefined ? (
          <Alert severity="error">{graphqlErrorMessage(state.error) ?? SHARE_FAILED}</Alert>
        ) : link ? (
          <TextField
            label="Read-only link"
            value={link}
            fullWidth
            slotProps={{
              htmlInput: { readOnly: true, 'data-testid': 'share-link' },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={copied ? 'Copied' : 'Copy link'}>
                      <IconButton aria-label="Copy link" onClick={() => void copy()}>
                        <ContentCopyIcon />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
        ) : (
          <Typography data-testid="share-not-shared">This conversation is not shared.</Typography>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {link ? (
          <Button color="error" onClick={() => void stop()} disabled={busy}>
            Revoke Link
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void create()} disabled={busy || state.loading}>
            Create Link
          </Button>
        )}
        <Button onClick={close}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
