import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The icon and title on top of every auth card, with an optional line on what to do. */
export function AuthHeading({
  icon,
  title,
  tone = 'primary',
  level = 'h1',
  spaceBelow = 2,
  children,
}: {
  readonly icon: ReactNode;
  readonly title: ReactNode;
  readonly tone?: 'primary' | 'secondary';
  readonly level?: 'h1' | 'h2';
  readonly spaceBelow?: number;
  readonly children?: ReactNode;
}) {
  return (
    <Stack sx={{ alignItems: 'center', mb: spaceBelow, textAlign: 'center' }}>
      <Avatar sx={{ bgcolor: `${tone}.main`, mb: 1.5 }}>{icon}</Avatar>
      <Typography variant="h5" component={level} sx={{ fontWeight: 700 }}>
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
