import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type FormEvent, useCallback, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PASSWORD_MAX_LENGTH, PRODUCT_NAME } from '@membolt/contracts/rules';
import { PasswordField } from '../../ui/components/PasswordField';
import { usePageRestored } from '../../ui/hooks/use-page-restored';
import { useAuth } from '../auth.context';
import { AuthFooterLink } from '../components/AuthFooterLink';
import { AuthHeading } from '../components/AuthHeading';
import { AuthMarketingPanel } from '../components/AuthMarketingPanel';
import { AuthSubmitButton } from '../components/AuthSubmitButton';
import { Copyright } from '../components/Copyright';
import { EmailField } from '../components/EmailField';
import { GoogleSignInButton, useOidcProviderName } from '../components/GoogleSignInButton';
import { OrDivider } from '../components/OrDivider';
import { AUTH_MESSAGES, oidcFailedMessage, signInErrorMessage } from '../utils/auth-errors.util';
import { ErrorBanner } from '../../ui/components/ErrorBanner';

export function LoginPage() {
  const { signIn, notice, dismissNotice } = useAuth();
  const [searchParams] = useSearchParams();
  const providerName = useOidcProviderName();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server sends a failed Google sign-in back here with ?error=<code>.
  const [oidcFailed, setOidcFailed] = useState(searchParams.has('error'));
  const banner = error ?? (oidcFailed ? oidcFailedMessage(providerName) : null);

  usePageRestored(useCallback(() => setBusy(false), []));

  const startAttempt = () => {
    setError(null);
    setOidcFailed(false);
    dismissNotice();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    startAttempt();
    if (!email.trim() || !password) {
      setError(AUTH_MESSAGES.bothFieldsRequired);
      return;
    }
    setBusy(true);
    try {
      // No navigation here: once signed in, the guest-only guard sends the user to /dashboard.
      await signIn({ email: email.trim(), password, remember });
    } catch (caught) {
      setError(signInErrorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <Grid container sx={{ flexGrow: 1 }}>
      <title>{`Sign In - ${PRODUCT_NAME}`}</title>
      <Grid size={{ sm: 5, md: 7 }} sx={{ display: { xs: 'none', sm: 'block' } }}>
        <AuthMarketingPanel />
      </Grid>
      <Grid
        size={{ xs: 12, sm: 7, md: 5 }}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          bgcolor: 'background.paper',
        }}
      >
        <Box sx={{ width: '100%', maxWidth: 440, mx: 'auto', px: { xs: 2.5, sm: 4 }, py: { xs: 4, sm: 6 } }}>
          <AuthHeading icon={<LockOutlinedIcon />} title={`Sign in to ${PRODUCT_NAME}`} spaceBelow={3} />
          {notice && (
            <Alert severity="success" sx={{ mb: 2 }} data-testid="login-notice">
              {notice}
            </Alert>
          )}
          <ErrorBanner message={banner} spaceBelow={2} testId="login-error" />
          <Box component="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
            <EmailField
              id="login-email"
              autoFocus
              fullWidth
              margin="normal"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              disabled={busy}
            />
            <PasswordField
              id="login-password"
              label="Password"
              name="password"
              autoComplete="current-password"
              fullWidth
              margin="normal"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              disabled={busy}
              maxLength={PASSWORD_MAX_LENGTH}
            />
            <Stack
              direction="row"
              sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mt: 0.5 }}
            >
              <FormControlLabel
                control={
                  <Checkbox
                    checked={remember}
                    onChange={(event) => setRemember(event.target.checked)}
                    disabled={busy}
                    color="primary"
                  />
                }
                label="Remember me"
              />
              <Link component={RouterLink} to="/forgot-password" variant="body2">
                Forgot password?
              </Link>
            </Stack>
            <AuthSubmitButton busy={busy} busyLabel="Signing in" mt={2}>
              Sign In
            </AuthSubmitButton>
          </Box>
          <OrDivider />
          <GoogleSignInButton
            verb="Sign in"
            from="/login"
            remember={remember}
            busy={busy}
            onStart={() => {
              startAttempt();
              setBusy(true);
            }}
          />
          <AuthFooterLink to="/register">Don&apos;t have an account? Sign Up</AuthFooterLink>
          <Box sx={{ mt: 4 }}>
            <Copyright />
          </Box>
        </Box>
      </Grid>
    </Grid>
  );
}
