import { useMutation } from '@apollo/client/react';
import { GraphqlErrorCode, PASSWORD_MAX_LENGTH } from '@membolt/contracts/rules';
import { type FormEvent, useState } from 'react';
import { VALIDATION_MESSAGES, validateNewPassword } from '../../auth/utils/auth-validation.util';
import { graphqlErrorCode, graphqlErrorMessage } from '../../auth/utils/graphql-error.util';
import { FormDialog } from '../../ui/components/FormDialog';
import { PasswordField } from '../../ui/components/PasswordField';
import { CHANGE_PASSWORD_MUTATION } from '../graphql/mutations/change-password.mutation';

const EMPTY_FORM = { currentPassword: '', newPassword: '', confirmPassword: '' };

const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: 'Please enter your current password',
  wrongCurrent: 'The current password is incorrect.',
  failed: 'Failed to change password. Please try again.',
} as const;

/** The client-side checks of docs/requirements/web-app.md, Validation: matching, then the shared password rules. */
function checkNewPassword(form: typeof EMPTY_FORM): string | null {
  if (!form.currentPassword) return CHANGE_PASSWORD_MESSAGES.currentRequired;
  if (form.newPassword !== form.confirmPassword) return VALIDATION_MESSAGES.passwordsDiffer;
  return validateNewPassword(form.newPassword);
}

interface ChangePasswordDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly onChanged: () => void;
}

export function ChangePasswordDialog({ open, onClose, onChanged }: ChangePasswordDialogProps) {
  const [form, setForm] = useState(EMPTY_FORM);
  const [error, setError] = useState<string | null>(null);
  const [changePassword, { loading }] = useMutation(CHANGE_PASSWORD_MUTATION);

  const close = () => {
    setForm(EMPTY_FORM);
    setError(null);
    onClose();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkNewPassword(form);
    setError(problem);
    if (problem) return;
    try {
      await changePassword({
        variables: { input: { currentPassword: form.currentPassword, newPassword: form.newPassword } },
      });
      setForm(EMPTY_FORM);
      onChanged();
    } catch (caught) {
      const code = graphqlErrorCode(caught);
      // A refused new password (e.g. a common one, which only the server can tell) or too many wrong current
      // passwords show the server's text.
      setError(
        code === GraphqlErrorCode.WrongPassword
          ? CHANGE_PASSWORD_MESSAGES.wrongCurrent
          : code === GraphqlErrorCode.BadUserInput || code === GraphqlErrorCode.TooManyRequests
            ? (graphqlErrorMessage(caught) ?? CHANGE_PASSWORD_MESSAGES.failed)
            : CHANGE_PASSWORD_MESSAGES.failed,
      );
    }
  };

  const field = (key: keyof typeof EMPTY_FORM, label: string, autoComplete: string) => (
    <PasswordField
      id={`change-password-${key}`}
      label={label}
      value={form[key]}
      onChange={(event) => setForm((current) => ({ ...current, [key]: event.target.value }))}
      autoComplete={autoComplete}
      disabled={loading}
      fullWidth
      margin="dense"
      maxLength={PASSWORD_MAX_LENGTH}
    />
  );

  return (
    <FormDialog
      open={open}
      id="change-password"
      title="Change Password"
      maxWidth="xs"
      submitLabel="Change Password"
      busyLabel="Saving"
      submitMinWidth={170}
      busy={loading}
      error={error}
      onCancel={close}
      onSubmit={(event) => void handleSubmit(event)}
    >
      {field('currentPassword', 'Current Password', 'current-password')}
      {field('newPassword', 'New Password', 'new-password')}
      {field('confirmPassword', 'Confirm New Password', 'new-password')}
    </FormDialog>
  );
}
