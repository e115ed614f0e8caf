import BoltIcon from '@mui/icons-material/Bolt';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME } from '@membolt/contracts/rules';
import { useAuth } from '../../auth/auth.context';
import { ThemeModeToggle } from './ThemeModeToggle';
import { UserMenu } from './UserMenu';

interface TopBarProps {
  /** Given on the signed-in screens: narrow screens get a button that opens and closes the side navigation. */
  readonly onToggleNavigation?: () => void;
  readonly navigationOpen?: boolean;
}

export function TopBar({ onToggleNavigation, navigationOpen = false }: TopBarProps) {
  const { user } = useAuth();
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={(theme) => ({
        borderBottom: 1,
        borderColor: 'divider',
        backdropFilter: 'blur(8px)',
        // Above the permanent side navigation, which starts below the bar.
        zIndex: theme.zIndex.drawer + 1,
      })}
      data-testid="top-bar"
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
        {onToggleNavigation && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={navigationOpen ? 'Close navigation' : 'Open navigation'}
            aria-expanded={navigationOpen}
            onClick={onToggleNavigation}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        )}
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
        {user ? (
          <UserMenu user={user} />
        ) : (
          <Stack direction="row" spacing={{ xs: 0.5, sm: 1 }}>
            <Button component={RouterLink} to="/login" color="inherit">
              Login
            </Button>
            <Button component={RouterLink} to="/register" variant="contained">
              Sign Up
            </Button>
          </Stack>
        )}
      </Toolbar>
    </AppBar>
  );
}
