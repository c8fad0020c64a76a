// The donors' entry (giving.html), served for /{slug} and /pay-your-donation (server/plugins/spa.ts):
// React, the router and the catalogue, without the staff shell: no persisted store, no session
// rehydration, no staff layout, no boot delay (main.tsx is the staff entry).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { makeGivingStore } from './app/giving-store';
import { ToastHost } from './components/toast-host';
import { createGivingRouter } from './app/giving-router';
import { i18n } from './lib/i18n';
import './styles/global.css';

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
