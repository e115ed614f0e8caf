import ChatIcon from '@mui/icons-material/Chat';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PsychologyIcon from '@mui/icons-material/Psychology';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import type { ReactElement } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';

/** Side navigation width (docs/requirements/web-app.md, Limits and constants). */
export const SIDE_NAVIGATION_WIDTH_PX = 240;

interface NavigationEntry {
  readonly label: string;
  readonly to: string;
  readonly icon: ReactElement;
}

const ENTRIES: readonly NavigationEntry[] = [
  { label: 'Dashboard', to: '/dashboard', icon: <DashboardIcon /> },
  { label: 'Chat', to: '/chat', icon: <ChatIcon /> },
  { label: 'Memories', to: '/memories', icon: <PsychologyIcon /> },
  { label: 'Settings', to: '/settings', icon: <SettingsIcon /> },
];

function NavigationList({ onNavigate }: { readonly onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <List sx={{ px: 1 }}>
      {ENTRIES.map((entry) => {
        const selected = pathname === entry.to || pathname.startsWith(`${entry.to}/`);
        return (
          <ListItemButton
            key={entry.to}
            component={RouterLink}
            to={entry.to}
            selected={selected}
            aria-current={selected ? 'page' : undefined}
            onClick={onNavigate}
            sx={{ borderRadius: 2, mb: 0.5 }}
          >
            <ListItemIcon sx={{ minWidth: 40, color: selected ? 'primary.main' : undefined }}>
              {entry.icon}
            </ListItemIcon>
            <ListItemText primary={entry.label} />
          </ListItemButton>
        );
      })}
    </List>
  );
}

interface SideNavigationProps {
  readonly mobileOpen: boolean;
  readonly onMobileClose: () => void;
}

/** Dashboard, Chat, Memories, Settings: permanent on wide screens, a drawer toggled from the top bar on narrow ones. */
export function SideNavigation({ mobileOpen, onMobileClose }: SideNavigationProps) {
  const paper = { boxSizing: 'border-box', width: SIDE_NAVIGATION_WIDTH_PX } as const;
  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      sx={{ width: { md: SIDE_NAVIGATION_WIDTH_PX }, flexShrink: { md: 0 } }}
    >
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paper }}
        data-testid="side-navigation-drawer"
      >
        <Toolbar />
        <NavigationList onNavigate={onMobileClose} />
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': paper }}
        data-testid="side-navigation"
      >
        <Toolbar />
        <NavigationList />
      </Drawer>
    </Box>
  );
}
