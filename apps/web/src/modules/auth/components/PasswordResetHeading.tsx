import LockResetIcon from '@mui/icons-material/LockReset';
import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

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
    <Stack sx={{ alignItems: 'center', mb: 2, textAlign: 'center' }}>
      <Avatar sx={{ bgcolor: 'primary.main', mb: 1.5 }}>
        <LockResetIcon />
      </Avatar>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children && (
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          {children}
        </Typography>
      )}
    </Stack>
  );
}
