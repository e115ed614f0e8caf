import { useMutation } from '@apollo/client/react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import {
  MEMORY_CATEGORIES,
  MEMORY_TEXT_MAX_LENGTH,
  type MemoryCategory,
  MemoryMessages,
} from '@membolt/contracts/rules';
import type { MemoryFieldsFragment, UpdateMemoryInput } from '../../../gql/graphql';
import { graphqlErrorMessage } from '../../auth/utils/graphql-error.util';
import { FormDialog } from '../../ui/components/FormDialog';
import { UPDATE_MEMORY_MUTATION } from '../graphql/mutations/update-memory.mutation';
import { useCustomCategoryNames } from '../hooks/use-custom-categories';
import { categoryLabel, importancePercent } from '../utils/memory-display.util';

const UPDATE_FAILED = 'Failed to update memory. Please try again.';
const UNCATEGORIZED = 'none';
type CategoryChoice = MemoryCategory | typeof UNCATEGORIZED;

interface EditMemoryDialogProps {
  readonly memory: MemoryFieldsFragment | null;
  readonly onClose: () => void;
}

/** Opens a fresh form per memory, so the fields start from that memory's values. */
export function EditMemoryDialog({ memory, onClose }: EditMemoryDialogProps) {
  return memory ? <EditMemoryForm key={memory.id} memory={memory} onClose={onClose} /> : null;
}

/** Edits text, category and importance; only the changed fields are sent (the rest keep their values). */
function EditMemoryForm({
  memory,
  onClose,
}: {
  readonly memory: MemoryFieldsFragment;
  readonly onClose: () => void;
}) {
  const [text, setText] = useState(memory.text);
  const [category, setCategory] = useState<CategoryChoice>(memory.category ?? UNCATEGORIZED);
  const [importance, setImportance] = useState(memory.importance);
  const [error, setError] = useState<string | null>(null);
  const [textError, setTextError] = useState<string | null>(null);
  const [updateMemory, { loading }] = useMutation(UPDATE_MEMORY_MUTATION);
  const customCategories = useCustomCategoryNames();
  // The memory's own category stays a choice while the account's categories load.
  const choices = [
    ...new Set([...MEMORY_CATEGORIES, ...customCategories, ...(memory.category ? [memory.category] : [])]),
  ];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const trimmed = text.trim();
    if (!trimmed) return setTextError(MemoryMessages.textRequired);
    if (text.length > MEMORY_TEXT_MAX_LENGTH) return setTextError(MemoryMessages.textTooLong);
    setTextError(null);

    const input: UpdateMemoryInput = {};
    if (text !== memory.text) input.text = text;
    if (category !== (memory.category ?? UNCATEGORIZED))
      input.category = category === UNCATEGORIZED ? null : category;
    if (importance !== memory.importance) input.importance = importance;
    if (Object.keys(input).length === 0) return onClose();
    try {
      // The answer updates the card through the cache.
      await updateMemory({ variables: { id: memory.id, input } });
      onClose();
    } catch (caught) {
      setError(graphqlErrorMessage(caught) ?? UPDATE_FAILED);
    }
  };

  return (
    <FormDialog
      open
      id="edit-memory"
      title="Edit Memory"
      maxWidth="sm"
      submitLabel="Save"
      busyLabel="Saving"
      submitMinWidth={88}
      busy={loading}
      error={error}
      onCancel={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <Stack spacing={3} sx={{ pt: 1 }}>
        <TextField
          label="Memory"
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={3}
          maxRows={10}
          fullWidth
          autoFocus
          error={textError !== null}
          helperText={textError ?? `${text.length} / ${MEMORY_TEXT_MAX_LENGTH}`}
        />
        <FormControl fullWidth>
          <InputLabel id="edit-memory-category-label">Category</InputLabel>
          <Select
            labelId="edit-memory-category-label"
            label="Category"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
          >
            <MenuItem value={UNCATEGORIZED}>{categoryLabel(null)}</MenuItem>
            {choices.map((value) => (
              <MenuItem key={value} value={value}>
                {categoryLabel(value)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <div>
          <Typography id="edit-memory-importance-label" gutterBottom>
            {`Importance: ${importancePercent(importance)}`}
          </Typography>
          <Slider
            aria-labelledby="edit-memory-importance-label"
            value={importance}
            min={0}
            max={1}
            step={0.05}
            valueLabelDisplay="auto"
            valueLabelFormat={importancePercent}
            onChange={(_event, value) =>
              setImportance(Array.isArray(value) ? (value[0] ?? importance) : value)
            }
          />
        </div>
      </Stack>
    </FormDialog>
  );
}
