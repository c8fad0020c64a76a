import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { makeStore } from './app/store';
import { setBeforeSessionEnd } from './lib/session-end';
import { stopPersistence } from './lib/persistence-control';
import './lib/i18n';
import './styles/global.css';

const { store, persistor } = makeStore();
// An expired session (TOKEN_EXPIRED) stops persistence before storage is cleared, as logout does.
setBeforeSessionEnd(() => stopPersistence(persistor));
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <Providers store={store} persistor={persistor}>
      <App router={router} />
    </Providers>
  </StrictMode>,
);
