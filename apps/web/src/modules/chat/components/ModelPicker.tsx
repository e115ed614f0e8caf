import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { PickerModel } from '../chat.types';

/** The chat's model, local to the screen; a model whose provider is missing is disabled with the reason. */
export function ModelPicker({
  models,
  value,
  onChange,
  disabled,
}: {
  readonly models: readonly PickerModel[];
  readonly value: string;
  readonly onChange: (modelId: string) => void;
  readonly disabled: boolean;
}) {
  const selected = models.some((model) => model.id === value) ? value : '';
  return (
    <FormControl size="small" sx={{ minWidth: 220, maxWidth: 320 }} disabled={disabled}>
      <InputLabel id="chat-model-label">Model</InputLabel>
      <Select
        labelId="chat-model-label"
        id="chat-model"
        label="Model"
        value={selected}
        onChange={(event) => onChange(event.target.value)}
        renderValue={(id) => models.find((model) => model.id === id)?.label ?? id}
      >
        {models.map((model) => (
          <MenuItem key={model.id} value={model.id} disabled={!model.available} data-model-id={model.id}>
            <ListItemText
              primary={model.label}
              secondary={model.available ? null : model.unavailableReason}
              slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 300 } } }}
            />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
