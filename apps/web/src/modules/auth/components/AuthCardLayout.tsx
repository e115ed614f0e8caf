import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Copyright } from './Copyright';

/** A centred form card on a soft branded background: registration and the password-reset screens. */
export function AuthCardLayout({
  header,
  children,
}: {
  readonly header?: ReactNode;
  readonly children: ReactNode;
}) {
  return (
    <Box
      sx={(theme) => ({
        flexGrow: 1,
        py: { xs: 3, sm: 6 },
        background: `radial-gradient(circle at 10% 10%, ${alpha(theme.palette.primary.main, 0.12)}, transparent 50%),
          radial-gradient(circle at 90% 90%, ${alpha(theme.palette.secondary.main, 0.1)}, transparent 45%)`,
      })}
    >
      <Container maxWidth="sm">
        {header}
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
          {children}
        </Paper>
        <Box sx={{ mt: 3 }}>
          <Copyright />
        </Box>
      </Container>
    </Box>
  );
}
