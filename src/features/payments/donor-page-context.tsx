/**
 * What the donors' pages (/{slug}, /pay-your-donation) need of the app around them, without importing
 * the router: the donors' entry (giving.html) has none, and its defaults here are plain page loads;
 * the staff app's routes (public-donation-page.tsx, pay-your-donation-page.tsx) give the router's.
 */
import { createContext, useContext, type ComponentType } from 'react';
import { NotFoundView } from '../../components/not-found-view';
import { paths } from '../../config/paths';
import { hardNavigate } from '../../lib/navigation';

export interface DonorPageContextValue {
  /** Goes to another page of the app (the payment result pages). */
  navigate: (to: string) => void;
  /** The 404 page. */
  NotFound: ComponentType;
}

function DonorNotFound() {
  return <NotFoundView homeLink={(props) => <a href={paths.home} {...props} />} />;
}

export const DonorPageContext = createContext<DonorPageContextValue>({ navigate: (to) => hardNavigate(to), NotFound: DonorNotFound });

export function useDonorPage(): DonorPageContextValue {
  return useContext(DonorPageContext);
}
