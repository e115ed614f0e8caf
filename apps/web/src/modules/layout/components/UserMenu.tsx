import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AuthUser } from '../../auth/auth.context';
import { useAuth } from '../../auth/auth.context';
import { avatarLetter, planLabel } from '../utils/user-display.util';

/** The avatar button of the top bar and its menu: who is signed in, the plan, Settings and Logout. */
export function UserMenu({ user }: { readonly user: AuthUser }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;

  const goToSettings = () => {
    setAnchor(null);
    void navigate('/settings');
  };

  const logout = async () => {
    setAnchor(null);
    await signOut();
    await navigate('/login');
  };

  return (
    <>
      <Tooltip title="Account">
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label="Account menu"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? 'user-menu' : undefined}
          size="small"
          sx={{ ml: 0.5 }}
        >
          <Avatar
            sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontWeight: 700 }}
            data-testid="user-avatar"
          >
            {avatarLetter(user.name)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.5 }} data-testid="user-menu-summary">
          <Typography
            variant="subtitle1"
            sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
            data-testid="user-menu-name"
          >
            {user.name || user.email}
          </Typography>
          {user.name && (
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Typography>
          )}
          <Chip
            label={planLabel(user.plan)}
            size="small"
            color="primary"
            variant="outlined"
            sx={{ mt: 0.75, fontWeight: 700 }}
            data-testid="user-menu-plan"
          />
        </Box>
        <Divider />
        <MenuItem onClick={goToSettings}>
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          Settings
        </MenuItem>
        <MenuItem onClick={() => void logout()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
