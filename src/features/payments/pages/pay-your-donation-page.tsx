import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { DonorPageContext, type DonorPageContextValue } from '../donor-page-context';
import { PayYourDonationView } from './pay-your-donation-view';

/** /pay-your-donation?token=… in the staff app: the pledge link's page with the router's query and links. */
export default function PayYourDonationPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const value = useMemo<DonorPageContextValue>(() => ({ navigate: (to) => void navigate(to), NotFound: NotFoundPage }), [navigate]);
  return (
    <DonorPageContext.Provider value={value}>
      <PayYourDonationView token={params.get('token') ?? ''} />
    </DonorPageContext.Provider>
  );
}
