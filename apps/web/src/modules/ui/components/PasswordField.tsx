import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'slotProps' | 'label'> & {
  readonly label: string;
  readonly maxLength?: number;
};

/** A password input with its own show/hide toggle. */
export function PasswordField({ label, maxLength, disabled, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const toggleLabel = `${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`;
  return (
    <TextField
      {...props}
      label={label}
      disabled={disabled}
      type={visible ? 'text' : 'password'}
      slotProps={{
        htmlInput: { maxLength },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={toggleLabel}
                onClick={() => setVisible((shown) => !shown)}
                // Keeps the focus (and the caret) in the field while toggling.
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
                disabled={disabled}
              >
                {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
