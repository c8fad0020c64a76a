import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, campaignItem } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });
const FIRST_RENDER = { timeout: 15_000 };

let resources = ALL_RESOURCES;
const downloads: string[] = [];
const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: [campaignItem()], total: 1, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: resources }] })),
  http.get('*/donation/upload_list/:campaignId/:type', () => HttpResponse.json({ data: { upload_list: [], total: 0, page: 1, limit: 25 } })),
  http.get('*/donation/import_template/:campaignId/:type/:format', ({ params }) => {
    downloads.push(`${String(params.type)}.${String(params.format)}`);
    return new HttpResponse('name,donor_phone\r\n', { headers: { 'content-type': 'text/csv' } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resources = ALL_RESOURCES;
  downloads.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

describe('/bulk-history templates', () => {
  it('downloads the donor and payment templates as Excel or CSV, and lists their columns', async () => {
    const user = userEvent.setup();
    const created = vi.fn(() => 'blob:template');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    signIn({ idToken: fakeIdToken(TEST_USER.userId) });
    renderApp('/bulk-history');
    expect(await screen.findByRole('heading', { level: 2, name: 'Templates' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByText(/donor_email, paying_date, recipient, paid_amount, payment_method, donor_phone/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Donor template (CSV)' }));
    await waitFor(() => expect(downloads).toEqual(['donor.csv']));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(created).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Payment template (Excel)' }));
    await waitFor(() => expect(downloads).toEqual(['donor.csv', 'payment.xlsx']));
  });

  it('shows no templates to a member who may not upload', async () => {
    resources = ALL_RESOURCES.filter((name) => name !== 'upload.write');
    signIn({ idToken: fakeIdToken(TEST_USER.userId) });
    renderApp('/bulk-history');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Bulk History' })).toBeInTheDocument(), FIRST_RENDER);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('heading', { level: 1, name: 'Bulk History' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Templates' })).not.toBeInTheDocument();
  });
});
