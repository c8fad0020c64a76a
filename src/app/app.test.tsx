import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { INITIAL_LOADER_MS } from '../config/constants';
import { App } from './app';
import { Providers } from './providers';
import { buildRoutes } from './router';
import { makeStore } from './store';

describe('App start-up', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the full-page loader for the initial 1 s, then the routed page', async () => {
    expect(INITIAL_LOADER_MS).toBe(1000);
    // The clock is moved by hand: the second of loading costs no real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { store, persistor } = makeStore();
    const router = createMemoryRouter(buildRoutes({ maintenance: false }), { initialEntries: ['/payment-error'] });
    render(
      <Providers store={store} persistor={persistor}>
        <App router={router} />
      </Providers>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(() => vi.advanceTimersByTimeAsync(INITIAL_LOADER_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    // The page chunk loads in real time; vi.waitFor moves the fake clock on between its checks.
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'We could not find this payment' })).toBeInTheDocument(), { timeout: 15_000, interval: 50 });
  });
});
