import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { SubscriptionProblemHost } from '../billing/components/SubscriptionProblemDialog';
import { SIDE_NAVIGATION_WIDTH_PX, SideNavigation } from './components/SideNavigation';
import { TopBar } from './components/TopBar';

/** The signed-in screens: the fixed top bar, the side navigation and the routed page. */
export function SignedInLayout() {
  const [navigationOpen, setNavigationOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar navigationOpen={navigationOpen} onToggleNavigation={() => setNavigationOpen((open) => !open)} />
      <SideNavigation mobileOpen={navigationOpen} onMobileClose={() => setNavigationOpen(false)} />
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          width: { md: `calc(100% - ${SIDE_NAVIGATION_WIDTH_PX}px)` },
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        {/* Reserves the fixed bar's height so content starts below it. */}
        <Toolbar />
        <Box sx={{ flexGrow: 1, p: { xs: 2, sm: 3 } }}>
          <Outlet />
        </Box>
      </Box>
      <SubscriptionProblemHost />
      <ScrollRestoration />
    </Box>
  );
}
