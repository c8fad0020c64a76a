import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { buildRoutes, type RouteOptions } from '../app/router';
import { makeStore } from '../app/store';
import { writeSession, type SessionRecord } from '../lib/session';

export const TEST_SESSION: SessionRecord = {
  accessToken: 'access-1',
  idToken: 'id-1',
  refreshToken: 'refresh-1',
  signinSource: 'REGULAR',
};

export function signIn(record: Partial<SessionRecord> = {}): void {
  writeSession({ ...TEST_SESSION, ...record });
}

/** Renders the whole app (providers + route tree) at `path` with a memory router. */
export function renderApp(path: string, options: RouteOptions = {}) {
  const { store, persistor } = makeStore();
  const router = createMemoryRouter(buildRoutes({ maintenance: false, ...options }), { initialEntries: [path] });
  const utils = render(
    <Providers store={store} persistor={persistor}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, store, persistor, router };
}
