import { useMutation } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { type FormEvent, useState } from 'react';
import { PRODUCT_NAME } from '@membolt/contracts/rules';
import { AuthCardLayout } from '../components/AuthCardLayout';
import { AuthFooterLink } from '../components/AuthFooterLink';
import { AuthSubmitButton } from '../components/AuthSubmitButton';
import { EmailField } from '../components/EmailField';
import { PasswordResetHeading } from '../components/PasswordResetHeading';
import { REQUEST_PASSWORD_RESET_MUTATION } from '../graphql/mutations/request-password-reset.mutation';
import { AUTH_MESSAGES } from '../utils/auth-errors.util';
import { type FieldError, validateEmail } from '../utils/auth-validation.util';
import { ErrorBanner } from '../../ui/components/ErrorBanner';

export function ForgotPasswordPage() {
  const [requestReset, { loading }] = useMutation(REQUEST_PASSWORD_RESET_MUTATION);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<FieldError>(null);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const found = validateEmail(email);
    setEmailError(found);
    if (found) return;
    try {
      await requestReset({ variables: { email: email.trim() } });
      // The same answer whether or not the address is registered.
      setSent(true);
    } catch {
      setFailure(AUTH_MESSAGES.resetRequestFailed);
    }
  };

  return (
    <AuthCardLayout>
      <title>{`Reset your password - ${PRODUCT_NAME}`}</title>
      <PasswordResetHeading title="Forgot your password?">
        Enter the email address of your account and we&apos;ll send you a link to reset your password.
      </PasswordResetHeading>
      {sent ? (
        <Alert severity="success" data-testid="forgot-password-sent">
          {AUTH_MESSAGES.resetLinkSent}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
          <ErrorBanner message={failure} spaceBelow={1} />
          <EmailField
            id="forgot-password-email"
            autoFocus
            fullWidth
            margin="normal"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (emailError) setEmailError(validateEmail(event.target.value));
            }}
            onBlur={() => setEmailError(validateEmail(email))}
            error={emailError !== null}
            helperText={emailError ?? ' '}
            disabled={loading}
          />
          <AuthSubmitButton busy={loading} busyLabel="Sending" mt={1}>
            Send Reset Link
          </AuthSubmitButton>
        </Box>
      )}
      <AuthFooterLink to="/login">Back to sign in</AuthFooterLink>
    </AuthCardLayout>
  );
}
