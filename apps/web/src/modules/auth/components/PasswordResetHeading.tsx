import LockResetIcon from '@mui/icons-material/LockReset';
import type { ReactNode } from 'react';
import { AuthHeading } from './AuthHeading';

/** The heading of both password-reset steps (asking for the link, then setting the password). */
export function PasswordResetHeading({
  title,
  children,
}: {
  readonly title: string;
  /** What to do on this step, under the title. */
  readonly children?: ReactNode;
}) {
  return (
    <AuthHeading icon={<LockResetIcon />} title={title}>
      {children}
    </AuthHeading>
  );
}
