// The donors' entry (giving.html, issue 31.6): the giving page without the staff shell, its data
// asked for before React renders, and any other address handed to the staff app by a page load.
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { givingPage } from '../features/payments/test-fixtures';
import { prefetchGivingPage } from '../features/payments/api/payments-api';
import { i18n } from '../lib/i18n';
import { setHardNavigate } from '../lib/navigation';
import { PERSIST_KEY } from './store';
import { buildGivingRoutes } from './giving-router';
import { makeGivingStore } from './giving-store';

let givingPageRequests = 0;
const server = setupServer(
  http.get('*/payment/giving-page/:slug', ({ params }) => {
    givingPageRequests += 1;
    return HttpResponse.json({ data: params.slug === 'demo-campaign' ? givingPage() : null });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  setHardNavigate(null);
  givingPageRequests = 0;
  localStorage.clear();
});
afterAll(() => server.close());

function renderGiving(path: string, documentPath = path) {
  const router = createMemoryRouter(buildGivingRoutes(documentPath), { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <Provider store={makeGivingStore()}>
        <RouterProvider router={router} />
      </Provider>
    </I18nextProvider>,
  );
  return router;
}

describe("the donors' entry", () => {
  it('shows the giving form of /{slug} and leaves the staff session storage alone', async () => {
    renderGiving('/demo-campaign');
    expect(await screen.findByRole('heading', { name: 'Pay Your Donation' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Give/ })).toBeEnabled();
    expect(screen.getByText('Friends of Demo Candidate')).toBeInTheDocument();
    // No persisted store: nothing written under the staff app's persist key.
    expect(localStorage.getItem(`persist:${PERSIST_KEY}`)).toBeNull();
  });

  it('uses the giving page data asked for at start instead of asking again', async () => {
    prefetchGivingPage('demo-campaign');
    renderGiving('/demo-campaign');
    expect(await screen.findByRole('button', { name: /^Give/ })).toBeEnabled();
    expect(givingPageRequests).toBe(1);
  });

  it('shows the 404 page for a slug no campaign has', async () => {
    renderGiving('/no-such-campaign');
    expect(await screen.findByRole('heading', { name: /currently not available/ })).toBeInTheDocument();
  });

  it('hands any other address to the staff app with a page load (path, query and hash kept)', async () => {
    const loads: string[] = [];
    setHardNavigate((url) => loads.push(url));
    const router = renderGiving('/demo-campaign');
    expect(await screen.findByRole('button', { name: /^Give/ })).toBeEnabled();
    await router.navigate('/payment-success/extra?payment_id=p1#top');
    await vi.waitFor(() => expect(loads).toEqual(['/payment-success/extra?payment_id=p1#top']));
  });

  it('never reloads the address its document was served for: an unknown one shows the 404 page', async () => {
    const loads: string[] = [];
    setHardNavigate((url) => loads.push(url));
    renderGiving('/demo-campaign/extra');
    expect(await screen.findByRole('heading', { name: /currently not available/ })).toBeInTheDocument();
    expect(loads).toEqual([]);
  });
});
