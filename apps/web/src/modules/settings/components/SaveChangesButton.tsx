import type { ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { BusyButton } from '../../ui/components/BusyButton';

/** The "Save Changes" button at the foot of a settings form. */
export function SaveChangesButton({
  saving,
  type,
  onClick,
}: {
  readonly saving: boolean;
} & Pick<ButtonProps, 'type' | 'onClick'>) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
      <BusyButton
        type={type}
        variant="contained"
        size="large"
        onClick={onClick}
        busy={saving}
        busyLabel="Saving"
        sx={{ minWidth: 160 }}
      >
        Save Changes
      </BusyButton>
    </Stack>
  );
}
