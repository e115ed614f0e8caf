import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../auth.context';

export function AuthLoading() {
  return (
    <Box
      sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '50vh' }}
    >
      <Typography color="textSecondary" role="status">
        Loading...
      </Typography>
    </Box>
  );
}

/** The signed-in screens: "Loading..." while the auth state loads, /login when nobody is signed in. */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  switch (status) {
    case 'loading':
      return <AuthLoading />;
    case 'signedOut':
      return <Navigate to="/login" replace state={{ from: location.pathname }} />;
    case 'signedIn':
      return <Outlet />;
  }
}
