import { Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentResources } from '../../app/use-can';
import { NoAccessPage, SelectCampaignFirst } from '../../components/access-gate';
import { LoadingOverlay } from '../../components/loading-overlay';
import { routeAccess } from './route-access';
import { selectHasCampaignSelection } from '../../app/campaign-selectors';

/** Campaign-scoped pages need a selected campaign and their read resource; otherwise a gate page shows. */
export function RouteGate() {
  const { pathname } = useLocation();
  const access = routeAccess(pathname);
  const hasSelection = useAppSelector(selectHasCampaignSelection);
  const resources = useAppSelector(selectCurrentResources);
  const loading = useAppSelector((s) => s.permission.loading);
  if (!access) return <Outlet />;
  if (!hasSelection) return <SelectCampaignFirst pageKey={access.pageKey} />;
  if (resources === null) return loading ? <LoadingOverlay inline /> : <NoAccessPage pageKey={access.pageKey} />;
  if (!resources.includes(access.resource)) return <NoAccessPage pageKey={access.pageKey} />;
  return <Outlet />;
}
