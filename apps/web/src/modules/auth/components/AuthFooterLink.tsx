import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** The link under an auth form to the other auth screen, e.g. "Back to sign in". */
export function AuthFooterLink({ to, children }: { readonly to: string; readonly children: ReactNode }) {
  return (
    <Typography variant="body2" align="center" sx={{ mt: 3 }}>
      <Link component={RouterLink} to={to}>
        {children}
      </Link>
    </Typography>
  );
}
