// The donors' entry (giving.html), served for /{slug} and /pay-your-donation (server/plugins/spa.ts):
// React, the router and the catalogue, without the staff shell: no persisted store, no session
// rehydration, no staff layout, no boot delay (main.tsx is the staff entry).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { matchPath, RouterProvider } from 'react-router';
import { makeGivingStore } from './app/giving-store';
import { ToastHost } from './components/toast-host';
import { paths } from './config/paths';
import { prefetchGivingPage } from './features/payments/api/payments-api';
import { createGivingRouter } from './app/giving-router';
import { i18n } from './lib/i18n';
import './styles/global.css';

// The giving page's data, asked for now: it arrives while React starts.
const slug = window.location.pathname === paths.payYourDonation ? undefined : matchPath(paths.donationSlug, window.location.pathname)?.params.slug;
if (slug) prefetchGivingPage(slug);

const store = makeGivingStore();
const router = createGivingRouter();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <Provider store={store}>
        <RouterProvider router={router} />
        <ToastHost />
      </Provider>
    </I18nextProvider>
  </StrictMode>,
);
