import { useMutation } from '@apollo/client/react';
import TextField from '@mui/material/TextField';
import {
  API_KEY_DESCRIPTION_MAX_LENGTH,
  API_KEY_NAME_MAX_LENGTH,
  ApiKeyMessages,
} from '@membolt/contracts/rules';
import { type FormEvent, useState } from 'react';
import { graphqlErrorMessage } from '../../auth/utils/graphql-error.util';
import { FormDialog } from '../../ui/components/FormDialog';
import { CREATE_API_KEY_MUTATION } from '../graphql/mutations/create-api-key.mutation';
import { CurrentPasswordField, needsCurrentPassword } from './CurrentPasswordField';

const CREATE_FAILED = 'Failed to create API key';

interface CreateApiKeyDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The full key, which exists in the browser only until the reveal dialog closes. */
  readonly onCreated: (secret: string) => void;
}

export function CreateApiKeyDialog({ open, onClose, onCreated }: CreateApiKeyDialogProps) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [askPassword, setAskPassword] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [createApiKey, { loading }] = useMutation(CREATE_API_KEY_MUTATION);

  const reset = () => {
    setName('');
    setDescription('');
    setNameError(null);
    setFailure(null);
    setAskPassword(false);
    setCurrentPassword('');
  };

  const close = () => {
    reset();
    onClose();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!name.trim()) {
      setNameError(ApiKeyMessages.nameRequired);
      return;
    }
    try {
      const { data } = await createApiKey({
        variables: {
          input: {
            name: name.trim(),
            description: description.trim() || null,
            currentPassword: askPassword && currentPassword ? currentPassword : null,
          },
        },
      });
      if (!data) throw new Error(CREATE_FAILED);
      reset();
      onCreated(data.createApiKey.secret);
    } catch (caught) {
      if (needsCurrentPassword(caught)) setAskPassword(true);
      setFailure(graphqlErrorMessage(caught) ?? CREATE_FAILED);
    }
  };

  return (
    <FormDialog
      open={open}
      id="create-api-key"
      title="Create New API Key"
      maxWidth="sm"
      submitLabel="Create API Key"
      busyLabel="Creating"
      submitMinWidth={150}
      busy={loading}
      error={failure}
      onCancel={close}
      onSubmit={(event) => void handleSubmit(event)}
    >
      <TextField
        id="api-key-name"
        label="Name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          if (nameError && event.target.value.trim()) setNameError(null);
        }}
        required
        autoFocus
        fullWidth
        margin="dense"
        error={nameError !== null}
        helperText={nameError ?? 'A name to help you identify this API key'}
        disabled={loading}
        slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX_LENGTH } }}
      />
      <TextField
        id="api-key-description"
        label="Description"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        margin="dense"
        helperText="Optional"
        disabled={loading}
        slotProps={{ htmlInput: { maxLength: API_KEY_DESCRIPTION_MAX_LENGTH } }}
      />
      {askPassword && (
        <CurrentPasswordField
          id="api-key-current-password"
          value={currentPassword}
          onChange={setCurrentPassword}
          disabled={loading}
        />
      )}
    </FormDialog>
  );
}
