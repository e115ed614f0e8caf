import type { ReactNode } from 'react';
import { BusyButton } from '../../ui/components/BusyButton';

/** The full-width submit button of the sign-in, registration and password-reset forms. */
export function AuthSubmitButton({
  busy,
  busyLabel,
  mt,
  children,
}: {
  readonly busy: boolean;
  readonly busyLabel: string;
  /** The space above, which depends on what the form ends with. */
  readonly mt: number;
  readonly children: ReactNode;
}) {
  return (
    <BusyButton
      type="submit"
      fullWidth
      variant="contained"
      size="large"
      busy={busy}
      busyLabel={busyLabel}
      aria-busy={busy}
      sx={{ mt, minHeight: 44 }}
    >
      {children}
    </BusyButton>
  );
}
