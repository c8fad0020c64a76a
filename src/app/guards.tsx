import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathWithRedirect, paths } from '../config/paths';
import { useLoadCurrentUser } from '../features/user/hooks/use-load-current-user';
import { hasSession } from '../lib/session';

/** Private routes: without a stored session go to login, remembering path + query. */
export function RequireAuth() {
  const location = useLocation();
  if (!hasSession()) return <Navigate to={loginPathWithRedirect(`${location.pathname}${location.search}`)} replace />;
  return <SignedInArea />;
}

/** The private area: loads the current user once when it mounts. */
function SignedInArea() {
  useLoadCurrentUser();
  return <Outlet />;
}

/** Public-only routes: a signed-in visitor goes to the dashboard. */
export function PublicOnly() {
  if (hasSession()) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
