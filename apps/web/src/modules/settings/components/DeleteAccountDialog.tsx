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
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth.context';
import { AUTH_MESSAGES } from '../../auth/utils/auth-errors.util';
import { graphqlErrorMessage } from '../../auth/utils/graphql-error.util';
import { DELETE_ACCOUNT_MUTATION } from '../graphql/mutations/delete-account.mutation';

const DELETE_FAILED = 'We could not delete your account. Please try again.';

export function DeleteAccountDialog({
  open,
  onClose,
}: {
  readonly open: boolean;
  readonly onClose: () => void;
}) {
  const { endSession } = useAuth();
  const navigate = useNavigate();
  const [deleteAccount, { loading }] = useMutation(DELETE_ACCOUNT_MUTATION);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    setError(null);
    try {
      await deleteAccount();
    } catch (caught) {
      setError(graphqlErrorMessage(caught) ?? DELETE_FAILED);
      return;
    }
    // The server has cleared the session cookies already; the app forgets the user, and the sign-in
    // screen says what happened.
    await endSession(AUTH_MESSAGES.accountDeleted);
    await navigate('/login', { replace: true });
  };

  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : close}
      maxWidth="xs"
      fullWidth
      aria-labelledby="delete-account-title"
    >
      <DialogTitle id="delete-account-title">Delete Account</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText>
          Are you sure you want to delete your account? Your account and all of its data (memories, uploaded
          files, API keys, usage and subscription) will be deleted permanently. This action cannot be undone.
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
          sx={{ minWidth: 150 }}
        >
          {loading ? <CircularProgress size={22} color="inherit" aria-label="Deleting" /> : 'Delete Account'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
