import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from '../../app/router';
import { paths } from '../../config/paths';
import { config } from '../../config/env';
import { PlainLayout } from './plain-layout';

function renderAt(url: string) {
  const routes = [
    {
      element: <PlainLayout />,
      children: [
        { path: '/give', element: <p>Give</p>, handle: { donorPage: true } },
        { path: '*', element: <p>Not found</p> },
      ],
    },
  ];
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [url] })} />);
}

/** Every route object of the tree, depth first. */
function flatten(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => [route, ...flatten(route.children ?? [])]);
}

describe('the plain layout (public pages)', () => {
  it('on a page donors meet, the brand is not a link to the staff sign-in', async () => {
    renderAt('/give');
    expect(await screen.findByText('Give')).toBeInTheDocument();
    expect(screen.getByText(config.companyName)).toBeInTheDocument();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Skip to content']);
  });

  it('elsewhere (a page not found) the brand leads home', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: config.companyName })).toHaveAttribute('href', paths.home);
  });

  it('the giving page, the pledge link and the payment results are donor pages; the 404 is not', () => {
    const routes = flatten(buildRoutes({ maintenance: false, devOutbox: false }));
    const donor = (path: string) => (routes.find((route) => route.path === path)?.handle as { donorPage?: boolean } | undefined)?.donorPage === true;
    expect([paths.donationSlug, paths.payYourDonation, paths.paymentSuccess, paths.paymentError].map(donor)).toEqual([true, true, true, true]);
    expect(donor('*')).toBe(false);
  });
});
