import TextField from '@mui/material/TextField';
import { GraphqlErrorCode } from '@membolt/contracts/rules';
import { graphqlErrorCode } from '../../auth/utils/graphql-error.util';

/**
 * True when a failed sensitive change should be retried with the current password: the BFF asks for it when
 * the last sign-in is too old, and a wrong one is asked for again.
 */
export function needsCurrentPassword(error: unknown): boolean {
  const code = graphqlErrorCode(error);
  return code === GraphqlErrorCode.ReauthenticationRequired || code === GraphqlErrorCode.WrongPassword;
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
