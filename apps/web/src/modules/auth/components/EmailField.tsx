import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { EMAIL_MAX_LENGTH } from '@membolt/contracts/rules';

type EmailFieldProps = Omit<TextFieldProps, 'label' | 'name' | 'type' | 'autoComplete' | 'slotProps'>;

/** The e-mail input of the sign-in, sign-up and password-reset forms, capped at the server's length limit. */
export function EmailField(props: EmailFieldProps) {
  return (
    <TextField
      label="Email Address"
      name="email"
      type="email"
      autoComplete="email"
      slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH } }}
      {...props}
    />
  );
}
