import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderApp } from '../../../test/render-app';

const LOGO = 'campaign-logos/6f1c2b9e-0d43-4d8e-9d5a-3b7a1f2c4e55/logo_abcdefgh.png';

const server = setupServer(
  http.get('*/campaign/get_campaign_by_slug/:slug', ({ params }) =>
    HttpResponse.json({ data: { campaign_name: params.slug === 'with-logo' ? 'Friends of Jane' : 'Neighbours for Ortiz', slug: params.slug, logo: params.slug === 'with-logo' ? LOGO : null } }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('public donation page', () => {
  it("shows the campaign's logo when it has one", async () => {
    renderApp('/with-logo');
    expect(await screen.findByText('Friends of Jane')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Logo of Friends of Jane' })).toHaveAttribute('src', `/files/${LOGO}`);
  });

  it('shows no image without a logo', async () => {
    renderApp('/no-logo');
    expect(await screen.findByText('Neighbours for Ortiz')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Logo of/ })).not.toBeInTheDocument();
  });
});
