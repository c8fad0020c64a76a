// The donors' entry (giving.html), served for /{slug} and /pay-your-donation (server/plugins/spa.ts):
// React and the catalogue, without the staff shell: no router, no store, no session rehydration,
// no staff layout, no boot delay (main.tsx is the staff entry).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { donorRouteOf, GivingApp } from './app/giving-app';
import { ToastHost } from './components/toast-host';
import { prefetchGivingPage } from './features/payments/api/payments-api';
import { loadDetectedDonorCatalogue } from './lib/donor-catalogue';
import { i18n } from './lib/i18n';
import './styles/global.css';

// The giving page's data, asked for now: it arrives while React starts.
const route = donorRouteOf(window.location);
if (route.page === 'giving') prefetchGivingPage(route.slug);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// A donor reading another language gets its donor strings before the first paint (English has them already).
void loadDetectedDonorCatalogue().finally(() =>
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <GivingApp route={route} />
        <ToastHost />
      </I18nextProvider>
    </StrictMode>,
  ),
);
