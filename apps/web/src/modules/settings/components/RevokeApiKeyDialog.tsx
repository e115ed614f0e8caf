import { useMutation } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import type { ApiKeyFieldsFragment } from '../../../gql/graphql';
import { graphqlErrorMessage } from '../../auth/utils/graphql-error.util';
import { REVOKE_API_KEY_MUTATION } from '../graphql/mutations/revoke-api-key.mutation';

const REVOKE_FAILED = 'Failed to revoke the API key. Please try again.';

interface RevokeApiKeyDialogProps {
  readonly apiKey: ApiKeyFieldsFragment | null;
  readonly onClose: () => void;
}

export function RevokeApiKeyDialog({ apiKey, onClose }: RevokeApiKeyDialogProps) {
  const [revokeApiKey, { loading }] = useMutation(REVOKE_API_KEY_MUTATION);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!apiKey) return;
    setError(null);
    try {
      // The answer carries the key's new state, which updates the list through the cache.
      await revokeApiKey({ variables: { id: apiKey.id } });
      close();
    } catch (caught) {
      setError(graphqlErrorMessage(caught) ?? REVOKE_FAILED);
    }
  };

  return (
    <Dialog
      open={apiKey !== null}
      onClose={loading ? undefined : close}
      maxWidth="xs"
      fullWidth
      aria-labelledby="revoke-api-key-title"
    >
      <DialogTitle id="revoke-api-key-title">Revoke API Key</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText>
          Are you sure you want to revoke the API key <strong>{apiKey?.name}</strong>? This action cannot be
          undone. Applications using this key will lose access.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={loading}>
          Cancel
        </Button>
        <Button
          onClick={() => void confirm()}
          color="error"
          variant="contained"
          disabled={loading}
          sx={{ minWidth: 120 }}
        >
          {loading ? <CircularProgress size={22} color="inherit" aria-label="Revoking" /> : 'Revoke Key'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
