import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import type { ApiKeyFieldsFragment } from '../../../gql/graphql';
import { graphqlErrorMessage } from '../../auth/utils/graphql-error.util';
import { ConfirmDialog } from '../../ui/components/ConfirmDialog';
import { REVOKE_API_KEY_MUTATION } from '../graphql/mutations/revoke-api-key.mutation';

const REVOKE_FAILED = 'Failed to revoke the API key. Please try again.';

interface RevokeApiKeyDialogProps {
  readonly apiKey: ApiKeyFieldsFragment | null;
  readonly onClose: () => void;
}

export function RevokeApiKeyDialog({ apiKey, onClose }: RevokeApiKeyDialogProps) {
  const [revokeApiKey, { loading }] = useMutation(REVOKE_API_KEY_MUTATION);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!apiKey) return;
    setError(null);
    try {
      // The answer carries the key's new state, which updates the list through the cache.
      await revokeApiKey({ variables: { id: apiKey.id } });
      close();
    } catch (caught) {
      setError(graphqlErrorMessage(caught) ?? REVOKE_FAILED);
    }
  };

  return (
    <ConfirmDialog
      open={apiKey !== null}
      id="revoke-api-key"
      title="Revoke API Key"
      confirmLabel="Revoke Key"
      busyLabel="Revoking"
      confirmMinWidth={120}
      busy={loading}
      error={error}
      onCancel={close}
      onConfirm={() => void confirm()}
    >
      Are you sure you want to revoke the API key <strong>{apiKey?.name}</strong>? This action cannot be
      undone. Applications using this key will lose access.
    </ConfirmDialog>
  );
}
