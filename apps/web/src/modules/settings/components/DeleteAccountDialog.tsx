import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth.context';
import { AUTH_MESSAGES } from '../../auth/utils/auth-errors.util';
import { graphqlErrorMessage } from '../../auth/utils/graphql-error.util';
import { ConfirmDialog } from '../../ui/components/ConfirmDialog';
import { DELETE_ACCOUNT_MUTATION } from '../graphql/mutations/delete-account.mutation';
import { CurrentPasswordField, needsCurrentPassword } from './CurrentPasswordField';

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
  const [askPassword, setAskPassword] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');

  const close = () => {
    setError(null);
    setAskPassword(false);
    setCurrentPassword('');
    onClose();
  };

  const confirm = async () => {
    setError(null);
    try {
      await deleteAccount({
        variables: { currentPassword: askPassword && currentPassword ? currentPassword : null },
      });
    } catch (caught) {
      if (needsCurrentPassword(caught)) setAskPassword(true);
      setError(graphqlErrorMessage(caught) ?? DELETE_FAILED);
      return;
    }
    // The server has cleared the session cookies already; the app forgets the user, and the sign-in
    // screen says what happened.
    await endSession(AUTH_MESSAGES.accountDeleted);
    await navigate('/login', { replace: true });
  };

  return (
    <ConfirmDialog
      open={open}
      id="delete-account"
      title="Delete Account"
      confirmLabel="Delete Account"
      busyLabel="Deleting"
      confirmMinWidth={150}
      busy={loading}
      error={error}
      extra={
        askPassword && (
          <CurrentPasswordField
            id="delete-account-current-password"
            value={currentPassword}
            onChange={setCurrentPassword}
            disabled={loading}
          />
        )
      }
      onCancel={close}
      onConfirm={() => void confirm()}
    >
      Are you sure you want to delete your account? Your account and all of its data (memories, uploaded
      files, API keys, usage and subscription) will be deleted permanently. This action cannot be undone.
    </ConfirmDialog>
  );
}
