import BoltIcon from '@mui/icons-material/Bolt';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PRODUCT_NAME } from '@membolt/contracts/rules';
import { PasswordField } from '../../ui/components/PasswordField';
import { usePageRestored } from '../../ui/hooks/use-page-restored';
import { useAuth } from '../auth.context';
import { AuthCardLayout } from '../components/AuthCardLayout';
import { AuthFooterLink } from '../components/AuthFooterLink';
import { AuthHeading } from '../components/AuthHeading';
import { AuthSubmitButton } from '../components/AuthSubmitButton';
import { EmailField } from '../components/EmailField';
import { GoogleSignInButton, useOidcProviderName } from '../components/GoogleSignInButton';
import { OrDivider } from '../components/OrDivider';
import { oidcFailedMessage, signUpErrorMessage } from '../utils/auth-errors.util';
import {
  hasErrors,
  type RegistrationErrors,
  type RegistrationField,
  type RegistrationValues,
  validateRegistration,
  validateRegistrationField,
} from '../utils/auth-validation.util';
import { ErrorBanner } from '../../ui/components/ErrorBanner';

const REGISTRATION_TAGLINE = 'Experience AI with a memory that persists';

const EMPTY_VALUES: RegistrationValues = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

const NO_ERRORS: RegistrationErrors = {
  name: null,
  email: null,
  password: null,
  confirmPassword: null,
  acceptTerms: null,
};

export function RegisterPage() {
  const { signUp } = useAuth();
  const [searchParams] = useSearchParams();
  const providerName = useOidcProviderName();
  const [values, setValues] = useState<RegistrationValues>(EMPTY_VALUES);
  const [errors, setErrors] = useState<RegistrationErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [oidcFailed, setOidcFailed] = useState(searchParams.has('error'));
  const banner = error ?? (oidcFailed ? oidcFailedMessage(providerName) : null);

  usePageRestored(useCallback(() => setBusy(false), []));

  const revalidate = (field: RegistrationField, next: RegistrationValues) =>
    setErrors((current) => ({ ...current, [field]: validateRegistrationField(field, next) }));

  const update = <K extends RegistrationField>(field: K, value: RegistrationValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a field shows an error, it follows the typing, so the error goes as soon as the value is right.
    if (errors[field]) revalidate(field, next);
    if (field === 'password' && errors.confirmPassword) revalidate('confirmPassword', next);
  };

  const fieldProps = (field: 'name' | 'email' | 'password' | 'confirmPassword') => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => update(field, event.target.value),
    onBlur: () => revalidate(field, values),
    error: errors[field] !== null,
    helperText: errors[field] ?? ' ',
    disabled: busy,
    fullWidth: true,
    margin: 'dense' as const,
  });

  const passwordProps = (field: 'password' | 'confirmPassword') => ({
    ...fieldProps(field),
    maxLength: PASSWORD_MAX_LENGTH,
    autoComplete: 'new-password',
  });

  const startAttempt = () => {
    setError(null);
    setOidcFailed(false);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    startAttempt();
    const found = validateRegistration(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      // No navigation here: once signed in, the guest-only guard sends the user to /dashboard.
      await signUp({ name: values.name.trim(), email: values.email.trim(), password: values.password });
    } catch (caught) {
      setError(signUpErrorMessage(caught));
      setBusy(false);
    }
  };

  const header = (
    <Stack sx={{ alignItems: 'center', textAlign: 'center', mb: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <BoltIcon color="primary" sx={{ fontSize: 34 }} />
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Join {PRODUCT_NAME}
        </Typography>
      </Stack>
      <Typography color="textSecondary" sx={{ mt: 1 }}>
        {REGISTRATION_TAGLINE}
      </Typography>
    </Stack>
  );

  return (
    <AuthCardLayout header={header}>
      <title>{`Join ${PRODUCT_NAME}`}</title>
      <AuthHeading icon={<PersonAddAlt1Icon />} title="Create Account" tone="secondary" level="h2" />
      <ErrorBanner message={banner} spaceBelow={2} testId="register-error" />
      <Box component="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <TextField
          id="register-name"
          label="Full Name"
          name="name"
          autoComplete="name"
          autoFocus
          slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
          {...fieldProps('name')}
        />
        <EmailField id="register-email" {...fieldProps('email')} />
        <PasswordField
          id="register-password"
          label="Password"
          name="password"
          {...passwordProps('password')}
        />
        <PasswordField
          id="register-confirm-password"
          label="Confirm Password"
          name="confirmPassword"
          {...passwordProps('confirmPassword')}
        />
        <FormControl error={errors.acceptTerms !== null} sx={{ mt: 0.5 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={values.acceptTerms}
                onChange={(event) => update('acceptTerms', event.target.checked)}
                onBlur={() => revalidate('acceptTerms', values)}
                disabled={busy}
                color="primary"
                slotProps={{
                  input: { 'aria-describedby': errors.acceptTerms ? 'register-terms-error' : undefined },
                }}
              />
            }
            label="I agree to the Terms of Service and Privacy Policy"
          />
          {errors.acceptTerms && (
            <FormHelperText id="register-terms-error">{errors.acceptTerms}</FormHelperText>
          )}
        </FormControl>
        <AuthSubmitButton busy={busy} busyLabel="Creating your account" mt={2}>
          Sign Up
        </AuthSubmitButton>
      </Box>
      <OrDivider />
      <GoogleSignInButton
        verb="Sign up"
        from="/register"
        remember
        busy={busy}
        onStart={() => {
          startAttempt();
          setBusy(true);
        }}
      />
      <AuthFooterLink to="/login">Already have an account? Sign in</AuthFooterLink>
    </AuthCardLayout>
  );
}
