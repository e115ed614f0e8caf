import BoltIcon from '@mui/icons-material/Bolt';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME } from '../../../app/brand';
import { ThemeModeToggle } from './ThemeModeToggle';

export function TopBar() {
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', backdropFilter: 'blur(8px)' }}
      data-testid="top-bar"
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
        <Box
          component={RouterLink}
          to="/"
          aria-label={`${PRODUCT_NAME} home`}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.75,
            color: 'text.primary',
            textDecoration: 'none',
          }}
        >
          <BoltIcon color="primary" />
          <Typography variant="h6" component="span" sx={{ fontWeight: 800 }} data-testid="product-name">
            {PRODUCT_NAME}
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <ThemeModeToggle />
        <Stack direction="row" spacing={{ xs: 0.5, sm: 1 }}>
          <Button component={RouterLink} to="/login" color="inherit">
            Login
          </Button>
          <Button component={RouterLink} to="/register" variant="contained">
            Sign Up
          </Button>
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
