// The donors' entry (giving.html, issue 31.6): the giving page without the staff shell, router or
// store, its data asked for before React renders, and every link out of it a page load.
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { givingPage } from '../features/payments/test-fixtures';
import { prefetchGivingPage } from '../features/payments/api/payments-api';
import { i18n } from '../lib/i18n';
import { setHardNavigate } from '../lib/navigation';
import { PERSIST_KEY } from './store';
import { donorRouteOf, GivingApp } from './giving-app';

vi.setConfig({ testTimeout: 20_000 });

let givingPageRequests = 0;
const pledgeTokens: (string | null)[] = [];
const server = setupServer(
  http.get('*/payment/giving-page/:slug', ({ params }) => {
    givingPageRequests += 1;
    return HttpResponse.json({ data: params.slug === 'demo-campaign' ? givingPage() : null });
  }),
  http.get('*/payment/pledge-link', ({ request }) => {
    pledgeTokens.push(new URL(request.url).searchParams.get('token'));
    return HttpResponse.json({ code: 'PAYMENT_LINK_INVALID', message: 'x' }, { status: 400 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  givingPageRequests = 0;
  pledgeTokens.length = 0;
});
afterAll(() => server.close());

function renderGiving(pathname: string, search = '') {
  return render(
    <I18nextProvider i18n={i18n}>
      <GivingApp route={donorRouteOf({ pathname, search })} />
    </I18nextProvider>,
  );
}

describe("the donors' entry", () => {
  it('shows the giving form of /{slug} and leaves the staff session storage alone', async () => {
    renderGiving('/demo-campaign');
    expect(await screen.findByRole('heading', { name: 'Pay Your Donation' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Give/ })).toBeEnabled();
    expect(screen.getByText('Friends of Demo Candidate')).toBeInTheDocument();
    // The donors' brand is no link (home is the staff sign-in).
    expect(screen.getByText('Campaign Donation Tracker').closest('a')).toBeNull();
    // No persisted store: nothing written under the staff app's persist key.
    expect(localStorage.getItem(`persist:${PERSIST_KEY}`)).toBeNull();
  });

  it('uses the giving page data asked for at start instead of asking again', async () => {
    prefetchGivingPage('demo-campaign');
    renderGiving('/demo-campaign');
    expect(await screen.findByRole('button', { name: /^Give/ })).toBeEnabled();
    expect(givingPageRequests).toBe(1);
  });

  it('shows the 404 page for a slug no campaign has; its "Back to Home" is a page load of /', async () => {
    renderGiving('/no-such-campaign');
    expect(await screen.findByRole('heading', { name: /currently not available/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('shows the 404 page for an address that is no donor page, and never reloads it', async () => {
    const loads: string[] = [];
    setHardNavigate((url) => loads.push(url));
    renderGiving('/demo-campaign/extra');
    expect(await screen.findByRole('heading', { name: /currently not available/ })).toBeInTheDocument();
    expect(loads).toEqual([]);
  });

  it('shows the pledge link page of /pay-your-donation with the token of the address', async () => {
    renderGiving('/pay-your-donation/', '?token=signed.pledge.token');
    expect(await screen.findByRole('heading', { name: 'This payment link cannot be used' })).toBeInTheDocument();
    expect(pledgeTokens).toEqual(['signed.pledge.token']);
  });
});

describe('donorRouteOf', () => {
  it('reads the addresses the staff router matches as /pay-your-donation and /:slug', () => {
    expect(donorRouteOf({ pathname: '/demo-campaign', search: '' })).toEqual({ page: 'giving', slug: 'demo-campaign' });
    expect(donorRouteOf({ pathname: '/demo-campaign/', search: '?x=1' })).toEqual({ page: 'giving', slug: 'demo-campaign' });
    expect(donorRouteOf({ pathname: '/pay-your-donation', search: '?token=abc' })).toEqual({ page: 'pledge', token: 'abc' });
    expect(donorRouteOf({ pathname: '/pay-your-donation', search: '' })).toEqual({ page: 'pledge', token: '' });
    expect(donorRouteOf({ pathname: '/a/b', search: '' })).toEqual({ page: 'none' });
    expect(donorRouteOf({ pathname: '/', search: '' })).toEqual({ page: 'none' });
  });
});
