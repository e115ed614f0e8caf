import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { Outlet, ScrollRestoration } from 'react-router';
import { TopBar } from './components/TopBar';

/** Every screen: the fixed top bar, then the routed page below it. */
export function AppLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      {/* Reserves the fixed bar's height so content starts below it. */}
      <Toolbar />
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
        <Outlet />
      </Box>
      <ScrollRestoration />
    </Box>
  );
}
