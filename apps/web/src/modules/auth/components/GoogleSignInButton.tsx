import { useQuery } from '@apollo/client/react';
import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import { DisabledWithTooltip } from '../../ui/components/DisabledWithTooltip';
import { AUTH_CONFIG_QUERY } from '../graphql/queries/auth-config.query';
import { oidcNotConfiguredMessage } from '../utils/auth-errors.util';

const DEFAULT_PROVIDER_NAME = 'Google';

interface GoogleSignInButtonProps {
  readonly verb: 'Sign in' | 'Sign up';
  /** The screen the server sends the browser back to when the sign-in fails. */
  readonly from: '/login' | '/register';
  readonly remember: boolean;
  readonly busy: boolean;
  /** Called just before the browser leaves for the provider. */
  readonly onStart: () => void;
}

/** "Sign in with Google": a full-page redirect through the server's OpenID Connect flow. */
export function GoogleSignInButton({ verb, from, remember, busy, onStart }: GoogleSignInButtonProps) {
  const { data } = useQuery(AUTH_CONFIG_QUERY);
  const providerName = data?.authConfig.googleProviderName ?? DEFAULT_PROVIDER_NAME;
  const configured = data?.authConfig.googleEnabled === true;

  const button = (
    <Button
      fullWidth
      variant="outlined"
      size="large"
      startIcon={<GoogleIcon />}
      disabled={busy || !configured}
      onClick={() => {
        onStart();
        const params = new URLSearchParams({ remember: String(remember), from });
        window.location.assign(`/auth/oidc/start?${params.toString()}`);
      }}
    >
      {`${verb} with ${providerName}`}
    </Button>
  );

  if (data && !configured) {
    return (
      <DisabledWithTooltip title={oidcNotConfiguredMessage(providerName)} fullWidth testId="oidc-unavailable">
        {button}
      </DisabledWithTooltip>
    );
  }
  return button;
}

/** The provider's name for banner texts, Google until the server says otherwise. */
export function useOidcProviderName(): string {
  const { data } = useQuery(AUTH_CONFIG_QUERY);
  return data?.authConfig.googleProviderName ?? DEFAULT_PROVIDER_NAME;
}
