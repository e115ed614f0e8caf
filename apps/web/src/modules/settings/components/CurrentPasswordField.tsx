import TextField from '@mui/material/TextField';
import { graphqlErrorCode } from '../../auth/utils/graphql-error.util';

/** The BFF asks for the current password when the last sign-in is too old for a sensitive change. */
export const REAUTHENTICATION_REQUIRED = 'reauthentication-required';

/** True when a failed sensitive change should be retried with the current password. */
export function needsCurrentPassword(error: unknown): boolean {
  const code = graphqlErrorCode(error);
  return code === REAUTHENTICATION_REQUIRED || code === 'wrong-password';
}

export function CurrentPasswordField({
  id,
  value,
  onChange,
  disabled,
}: {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly disabled: boolean;
}) {
  return (
    <TextField
      id={id}
      label="Current password"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      autoFocus
      fullWidth
      margin="dense"
      helperText="Signed in with Google only? Sign out and sign in again instead."
      disabled={disabled}
    />
  );
}
