import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { LoadingOverlay } from '../components/loading-overlay';
import { ToastHost } from '../components/toast-host';
import { i18n } from '../lib/i18n';
import { PersistorContext } from './persistor-context';
import type { AppStore } from './store';

interface ProvidersProps {
  store: AppStore;
  persistor: Persistor;
  children: ReactNode;
}

/** i18n, Redux, persistence gate (until rehydrated) and toasts. */
export function Providers({ store, persistor, children }: ProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <Provider store={store}>
        <PersistorContext value={persistor}>
          <PersistGate loading={<LoadingOverlay />} persistor={persistor}>
            {children}
          </PersistGate>
        </PersistorContext>
        <ToastHost />
      </Provider>
    </I18nextProvider>
  );
}
