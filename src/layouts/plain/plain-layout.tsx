import { Link, Outlet, useMatches } from 'react-router';
import { paths } from '../../config/paths';
import { useRouteFocus } from '../../lib/use-route-focus';
import { PlainFrame } from './plain-frame';

/** What a route under this layout may say of itself (its `handle`). */
export interface PlainRouteHandle {
  /** A page donors meet: the brand is not a link (home is the staff sign-in, no place for a donor). */
  donorPage?: boolean;
}

/** Open pages (public donation page, payment result, 404): brand bar and content only. */
export function PlainLayout() {
  useRouteFocus();
  const donorPage = useMatches().some((match) => (match.handle as PlainRouteHandle | undefined)?.donorPage === true);
  return (
    <PlainFrame brandLink={donorPage ? undefined : (props) => <Link to={paths.home} {...props} />}>
      <Outlet />
    </PlainFrame>
  );
}
