import { useMutation } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { GraphqlErrorCode, PASSWORD_MAX_LENGTH, PRODUCT_NAME } from '@membolt/contracts/rules';
import { PasswordField } from '../../ui/components/PasswordField';
import { AuthCardLayout } from '../components/AuthCardLayout';
import { AuthFooterLink } from '../components/AuthFooterLink';
import { AuthSubmitButton } from '../components/AuthSubmitButton';
import { PasswordResetHeading } from '../components/PasswordResetHeading';
import { RESET_PASSWORD_MUTATION } from '../graphql/mutations/reset-password.mutation';
import { AUTH_MESSAGES } from '../utils/auth-errors.util';
import {
  type FieldError,
  validateNewPassword,
  validatePasswordConfirmation,
} from '../utils/auth-validation.util';
import { graphqlErrorCode, graphqlErrorMessage } from '../utils/graphql-error.util';
import { ErrorBanner } from '../../ui/components/ErrorBanner';

type Outcome = 'form' | 'done' | 'invalid-link';

function InvalidLink() {
  return (
    <Alert
      severity="error"
      data-testid="reset-password-invalid"
      action={
        <Button component={RouterLink} to="/forgot-password" color="inherit" size="small">
          Request a new link
        </Button>
      }
    >
      {AUTH_MESSAGES.resetLinkInvalid}
    </Alert>
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [resetPassword, { loading }] = useMutation(RESET_PASSWORD_MUTATION);
  const [outcome, setOutcome] = useState<Outcome>(token ? 'form' : 'invalid-link');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [passwordError, setPasswordError] = useState<FieldError>(null);
  const [confirmationError, setConfirmationError] = useState<FieldError>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const foundPassword = validateNewPassword(password);
    const foundConfirmation = validatePasswordConfirmation(password, confirmation);
    setPasswordError(foundPassword);
    setConfirmationError(foundConfirmation);
    if (foundPassword || foundConfirmation) return;
    try {
      await resetPassword({ variables: { token, newPassword: password } });
      setOutcome('done');
    } catch (caught) {
      if (graphqlErrorCode(caught) === GraphqlErrorCode.ResetTokenInvalid) setOutcome('invalid-link');
      else setFailure(graphqlErrorMessage(caught) ?? AUTH_MESSAGES.resetFailed);
    }
  };

  let content;
  switch (outcome) {
    case 'invalid-link':
      content = <InvalidLink />;
      break;
    case 'done':
      content = (
        <Stack spacing={2}>
          <Alert severity="success" data-testid="reset-password-done">
            {AUTH_MESSAGES.resetDone}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
            Sign In
          </Button>
        </Stack>
      );
      break;
    case 'form':
      content = (
        <Box component="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
          <ErrorBanner message={failure} spaceBelow={1} />
          <PasswordField
            id="reset-password-new"
            label="New Password"
            name="newPassword"
            autoComplete="new-password"
            autoFocus
            fullWidth
            margin="dense"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              if (passwordError) setPasswordError(validateNewPassword(event.target.value));
            }}
            onBlur={() => setPasswordError(validateNewPassword(password))}
            error={passwordError !== null}
            helperText={passwordError ?? ' '}
            disabled={loading}
            maxLength={PASSWORD_MAX_LENGTH}
          />
          <PasswordField
            id="reset-password-confirm"
            label="Confirm Password"
            name="confirmPassword"
            autoComplete="new-password"
            fullWidth
            margin="dense"
            value={confirmation}
            onChange={(event) => {
              setConfirmation(event.target.value);
              if (confirmationError)
                setConfirmationError(validatePasswordConfirmation(password, event.target.value));
            }}
            onBlur={() => setConfirmationError(validatePasswordConfirmation(password, confirmation))}
            error={confirmationError !== null}
            helperText={confirmationError ?? ' '}
            disabled={loading}
            maxLength={PASSWORD_MAX_LENGTH}
          />
          <AuthSubmitButton busy={loading} busyLabel="Saving" mt={1}>
            Reset Password
          </AuthSubmitButton>
        </Box>
      );
      break;
  }

  return (
    <AuthCardLayout>
      <title>{`Set a new password - ${PRODUCT_NAME}`}</title>
      <PasswordResetHeading title="Set a new password" />
      {content}
      {outcome !== 'done' && <AuthFooterLink to="/login">Back to sign in</AuthFooterLink>}
    </AuthCardLayout>
  );
}
