import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FailedPage } from './failed-page';
import { NotFoundPage } from './not-found-page';

/** Router error boundary: 404 responses show the 404 page, anything else offers a reload. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <FailedPage />;
}
