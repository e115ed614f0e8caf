import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../auth.context';
import { AuthLoading } from './RequireAuth';

/** Sign-in and registration: a signed-in user (including one who just signed in) goes to /dashboard. */
export function GuestOnly() {
  const { status } = useAuth();
  switch (status) {
    case 'loading':
      return <AuthLoading />;
    case 'signedIn':
      return <Navigate to="/dashboard" replace />;
    case 'signedOut':
      return <Outlet />;
  }
}
