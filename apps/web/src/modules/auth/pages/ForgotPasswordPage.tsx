import { useMutation } from '@apollo/client/react';
import LockResetIcon from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME } from '../../../app/brand';
import { AuthCardLayout } from '../components/AuthCardLayout';
import { REQUEST_PASSWORD_RESET_MUTATION } from '../graphql/mutations/request-password-reset.mutation';
import { AUTH_MESSAGES } from '../utils/auth-errors.util';
import { EMAIL_MAX_LENGTH, type FieldError, validateEmail } from '../utils/auth-validation.util';

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
      <Stack sx={{ alignItems: 'center', mb: 2, textAlign: 'center' }}>
        <Avatar sx={{ bgcolor: 'primary.main', mb: 1.5 }}>
          <LockResetIcon />
        </Avatar>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Forgot your password?
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          Enter the email address of your account and we&apos;ll send you a link to reset your password.
        </Typography>
      </Stack>
      {sent ? (
        <Alert severity="success" data-testid="forgot-password-sent">
          {AUTH_MESSAGES.resetLinkSent}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
          {failure && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {failure}
            </Alert>
          )}
          <TextField
            id="forgot-password-email"
            label="Email Address"
            name="email"
            type="email"
            autoComplete="email"
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
            slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH } }}
          />
          <Button
            type="submit"
            fullWidth
            variant="contained"
            size="large"
            disabled={loading}
            aria-busy={loading}
            sx={{ mt: 1, minHeight: 44 }}
          >
            {loading ? (
              <CircularProgress size={24} color="inherit" aria-label="Sending" />
            ) : (
              'Send Reset Link'
            )}
          </Button>
        </Box>
      )}
      <Typography variant="body2" align="center" sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      </Typography>
    </AuthCardLayout>
  );
}
