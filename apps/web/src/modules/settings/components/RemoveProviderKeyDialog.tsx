import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import type { ProviderKeyFieldsFragment } from '../../../gql/graphql';
import { graphqlErrorMessage } from '../../auth/utils/graphql-error.util';
import { ConfirmDialog } from '../../ui/components/ConfirmDialog';
import { providerLabel } from '../../ui/utils/llm-provider.util';
import { REMOVE_PROVIDER_KEY_MUTATION } from '../graphql/mutations/remove-provider-key.mutation';
import { PROVIDER_KEYS_QUERY } from '../graphql/queries/provider-keys.query';

const REMOVE_FAILED = 'Failed to remove the key. Please try again.';

interface RemoveProviderKeyDialogProps {
  readonly providerKey: ProviderKeyFieldsFragment | null;
  readonly onClose: () => void;
}

export function RemoveProviderKeyDialog({ providerKey, onClose }: RemoveProviderKeyDialogProps) {
  const [removeProviderKey, { loading }] = useMutation(REMOVE_PROVIDER_KEY_MUTATION, {
    refetchQueries: [PROVIDER_KEYS_QUERY],
    awaitRefetchQueries: true,
  });
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!providerKey) return;
    setError(null);
    try {
      await removeProviderKey({ variables: { id: providerKey.id } });
      close();
    } catch (caught) {
      setError(graphqlErrorMessage(caught) ?? REMOVE_FAILED);
    }
  };

  return (
    <ConfirmDialog
      open={providerKey !== null}
      id="remove-provider-key"
      title="Remove Language Model Key"
      confirmLabel="Remove Key"
      busyLabel="Removing"
      confirmMinWidth={120}
      busy={loading}
      error={error}
      onCancel={close}
      onConfirm={() => void confirm()}
    >
      Are you sure you want to remove your{' '}
      <strong>{providerKey ? providerLabel(providerKey.provider) : ''}</strong> key ending in{' '}
      <strong>{providerKey?.last4}</strong>? Chat will no longer use it.
    </ConfirmDialog>
  );
}
