import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { INITIAL_LOADER_MS } from '../config/constants';
import { App } from './app';
import { Providers } from './providers';
import { buildRoutes } from './router';
import { makeStore } from './store';

describe('App start-up', () => {
  it('shows the full-page loader for the initial 1 s, then the routed page', async () => {
    expect(INITIAL_LOADER_MS).toBe(1000);
    const { store, persistor } = makeStore();
    const router = createMemoryRouter(buildRoutes({ maintenance: false }), { initialEntries: ['/payment-error'] });
    const started = Date.now();
    render(
      <Providers store={store} persistor={persistor}>
        <App router={router} />
      </Providers>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this payment' }, { timeout: 3000 })).toBeInTheDocument();
    expect(Date.now() - started).toBeGreaterThanOrEqual(INITIAL_LOADER_MS - 50);
  });
});
