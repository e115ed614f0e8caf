import { useMutation } from '@apollo/client/react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  PROVIDER_BASE_URL_MAX_LENGTH,
  PROVIDER_KEY_BASE_URL_ACCEPTED,
  PROVIDER_KEY_BASE_URL_REQUIRED,
  PROVIDER_KEY_MAX_LENGTH,
  ProviderKeyMessages,
} from '@membolt/contracts/rules';
import { type FormEvent, useState } from 'react';
import type { LlmProvider, ProviderKeyFieldsFragment } from '../../../gql/graphql';
import { graphqlErrorMessage } from '../../auth/utils/graphql-error.util';
import { FormDialog } from '../../ui/components/FormDialog';
import { PasswordField } from '../../ui/components/PasswordField';
import { GRAPHQL_PROVIDERS, providerIdOf, providerLabel } from '../../ui/utils/llm-provider.util';
import { ADD_PROVIDER_KEY_MUTATION } from '../graphql/mutations/add-provider-key.mutation';
import { PROVIDER_KEYS_QUERY } from '../graphql/queries/provider-keys.query';

const ADD_FAILED = 'Failed to add the key. Please try again.';

const takesBaseUrl = (provider: LlmProvider) =>
  PROVIDER_KEY_BASE_URL_ACCEPTED.includes(providerIdOf(provider));
const needsBaseUrl = (provider: LlmProvider) =>
  PROVIDER_KEY_BASE_URL_REQUIRED.includes(providerIdOf(provider));

interface AddProviderKeyDialogProps {
  readonly open: boolean;
  /** The user's current keys: adding one for a provider replaces the one there. */
  readonly existing: readonly ProviderKeyFieldsFragment[];
  readonly onClose: () => void;
}

export function AddProviderKeyDialog({ open, existing, onClose }: AddProviderKeyDialogProps) {
  const [provider, setProvider] = useState<LlmProvider>('anthropic');
  const [apiKey, setApiKey] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);
  const [baseUrlError, setBaseUrlError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [addProviderKey, { loading }] = useMutation(ADD_PROVIDER_KEY_MUTATION, {
    refetchQueries: [PROVIDER_KEYS_QUERY],
    awaitRefetchQueries: true,
  });
  const replaced = existing.find((key) => key.provider === provider);

  const reset = () => {
    setProvider('anthropic');
    setApiKey('');
    setBaseUrl('');
    setKeyError(null);
    setBaseUrlError(null);
    setFailure(null);
  };

  const close = () => {
    reset();
    onClose();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const missingKey = !apiKey.trim();
    const missingBaseUrl = needsBaseUrl(provider) && !baseUrl.trim();
    setKeyError(missingKey ? ProviderKeyMessages.keyRequired : null);
    setBaseUrlError(missingBaseUrl ? ProviderKeyMessages.baseUrlRequired : null);
    if (missingKey || missingBaseUrl) return;
    try {
      await addProviderKey({
        variables: {
          input: {
            provider,
            apiKey: apiKey.trim(),
            baseUrl: takesBaseUrl(provider) && baseUrl.trim() ? baseUrl.trim() : null,
          },
        },
      });
      close();
    } catch (caught) {
      setFailure(graphqlErrorMessage(caught) ?? ADD_FAILED);
    }
  };

  return (
    <FormDialog
      open={open}
      id="add-provider-key"
      title="Add Language Model Key"
      maxWidth="sm"
      submitLabel="Add Key"
      busyLabel="Adding"
      submitMinWidth={110}
      busy={loading}
      error={failure}
      onCancel={close}
      onSubmit={(event) => void handleSubmit(event)}
    >
      <TextField
        id="provider-key-provider"
        select
        label="Provider"
        value={provider}
        onChange={(event) => {
          setProvider(event.target.value as LlmProvider);
          setBaseUrlError(null);
        }}
        fullWidth
        margin="dense"
        disabled={loading}
        helperText={
          replaced
            ? `This replaces your ${providerLabel(provider)} key ending in ${replaced.last4}.`
            : 'One key per provider.'
        }
      >
        {GRAPHQL_PROVIDERS.map((option) => (
          <MenuItem key={option} value={option}>
            {providerLabel(option)}
          </MenuItem>
        ))}
      </TextField>
      <PasswordField
        id="provider-key-secret"
        label="API Key"
        value={apiKey}
        onChange={(event) => {
          setApiKey(event.target.value);
          if (keyError && event.target.value.trim()) setKeyError(null);
        }}
        required
        autoFocus
        fullWidth
        margin="dense"
        autoComplete="off"
        error={keyError !== null}
        helperText={keyError ?? 'Stored encrypted; only its last 4 characters are shown again.'}
        disabled={loading}
        maxLength={PROVIDER_KEY_MAX_LENGTH}
      />
      {takesBaseUrl(provider) && (
        <TextField
          id="provider-key-base-url"
          label="Base URL"
          value={baseUrl}
          onChange={(event) => {
            setBaseUrl(event.target.value);
            if (baseUrlError && event.target.value.trim()) setBaseUrlError(null);
          }}
          required={needsBaseUrl(provider)}
          fullWidth
          margin="dense"
          placeholder={needsBaseUrl(provider) ? 'http://localhost:11434/v1' : 'https://api.openai.com/v1'}
          error={baseUrlError !== null}
          helperText={
            baseUrlError ??
            (needsBaseUrl(provider)
              ? 'The server that speaks the OpenAI API (Ollama, vLLM, LM Studio).'
              : 'Optional: a proxy that speaks the OpenAI API.')
          }
          disabled={loading}
          slotProps={{ htmlInput: { maxLength: PROVIDER_BASE_URL_MAX_LENGTH, inputMode: 'url' } }}
        />
      )}
    </FormDialog>
  );
}
