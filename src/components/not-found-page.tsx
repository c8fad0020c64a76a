import { Link } from 'react-router';
import { paths } from '../config/paths';
import { NotFoundView } from './not-found-view';

/** The 404 page of the staff app (its "Back to Home" a router link). */
export function NotFoundPage() {
  return <NotFoundView homeLink={(props) => <Link to={paths.home} {...props} />} />;
}

export default NotFoundPage;
