import { useMutation } from '@apollo/client/react';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { MemoryMessages } from '@membolt/contracts/rules';
import type { MemoryFieldsFragment } from '../../../gql/graphql';
import { ConfirmDialog } from '../../ui/components/ConfirmDialog';
import { DELETE_MEMORY_MUTATION } from '../graphql/mutations/delete-memory.mutation';
import { removeMemoryFromCachedPages } from '../utils/memory-cache.util';

interface DeleteMemoryDialogProps {
  readonly memory: MemoryFieldsFragment | null;
  readonly onClose: () => void;
  readonly onDeleted: (memoryId: string) => void;
}

/** The spec's confirmation, showing the memory's text, with Cancel and Delete. */
export function DeleteMemoryDialog({ memory, onClose, onDeleted }: DeleteMemoryDialogProps) {
  const [deleteMemory, { loading }] = useMutation(DELETE_MEMORY_MUTATION, {
    refetchQueries: ['MemoryStats'],
  });
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!memory) return;
    setError(null);
    try {
      await deleteMemory({
        variables: { id: memory.id },
        update: (cache) => removeMemoryFromCachedPages(cache, memory.id),
      });
      onDeleted(memory.id);
      close();
    } catch {
      setError(MemoryMessages.deleteFailed);
    }
  };

  return (
    <ConfirmDialog
      open={memory !== null}
      id="delete-memory"
      title="Delete Memory"
      confirmLabel="Delete"
      busyLabel="Deleting"
      confirmMinWidth={96}
      busy={loading}
      error={error}
      onCancel={close}
      onConfirm={() => void confirm()}
      extra={
        <Box
          component="blockquote"
          data-testid="delete-memory-text"
          sx={{
            mt: 2,
            mx: 0,
            mb: 0,
            p: 1.5,
            borderLeft: 4,
            borderColor: 'divider',
            bgcolor: 'action.hover',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            maxHeight: 200,
            overflow: 'auto',
          }}
        >
          {memory?.text}
        </Box>
      }
    >
      {MemoryMessages.deleteConfirmation}
    </ConfirmDialog>
  );
}
