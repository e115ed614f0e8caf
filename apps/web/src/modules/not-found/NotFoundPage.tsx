import DashboardIcon from '@mui/icons-material/Dashboard';
import HomeIcon from '@mui/icons-material/Home';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME } from '@membolt/contracts/rules';

/** The 404 screen; `message` says what was not found (the default: any page). */
export function NotFoundPage({
  message = 'The page you are looking for does not exist or has been moved.',
}: { readonly message?: string } = {}) {
  return (
    <Container
      maxWidth="sm"
      sx={{
        flexGrow: 1,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        textAlign: 'center',
        py: 8,
      }}
      data-testid="not-found"
    >
      <title>{`Page Not Found - ${PRODUCT_NAME}`}</title>
      <Typography
        variant="h1"
        component="p"
        color="primary"
        sx={{ fontSize: { xs: '6rem', sm: '8rem' }, lineHeight: 1 }}
        data-testid="not-found-code"
      >
        404
      </Typography>
      <Typography variant="h4" component="h1" sx={{ mt: 2, mb: 1.5, fontWeight: 700 }}>
        Page Not Found
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 4 }}>
        {message}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button component={RouterLink} to="/" variant="contained" size="large" startIcon={<HomeIcon />}>
          Home
        </Button>
        <Button
          component={RouterLink}
          to="/dashboard"
          variant="outlined"
          size="large"
          startIcon={<DashboardIcon />}
        >
          Dashboard
        </Button>
      </Stack>
    </Container>
  );
}
