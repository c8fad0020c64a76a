import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { DonorPageContext, type DonorPageContextValue } from '../donor-page-context';
import { PublicDonationView } from './public-donation-view';

/** /{slug} in the staff app: the giving page with the router's slug, links and 404 page. */
export default function PublicDonationPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const value = useMemo<DonorPageContextValue>(() => ({ navigate: (to) => void navigate(to), NotFound: NotFoundPage }), [navigate]);
  return (
    <DonorPageContext.Provider value={value}>
      <PublicDonationView slug={slug} />
    </DonorPageContext.Provider>
  );
}
