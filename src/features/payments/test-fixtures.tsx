/** Fixtures and helpers of the payments pages' tests. */
import { render, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { StrictMode, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DONOR_ATTESTATIONS, type GivingPage, type PaymentStatusView } from '../../../domain/payments/api-contract';
import type { GivingNotices } from '../../../domain/payments/giving-notices';
import { Providers } from '../../app/providers';
import { makeStore } from '../../app/store';
import { PlainLayout } from '../../layouts/plain/plain-layout';

export const PAYMENT_ID = '7a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
export const ORDER_ID = '5O190127TN364715T';

/** A campaign's legal notices as the server answers them (domain/payments/giving-notices.ts). */
export const NOTICES: GivingNotices = {
  paid_for_by: 'Paid for by Friends of Demo Candidate',
  tax_notice: 'Contributions are not tax deductible for federal income tax purposes.',
  privacy_url: 'https://demo.example.org/privacy',
  rules_notice: 'NYC Campaign Finance Board rules: up to $2,100 from one contributor for this election cycle; no more than $100 in cash; no contributions from corporations, LLCs or partnerships.',
};

export function givingPage(overrides: Partial<GivingPage> = {}): GivingPage {
  return {
    campaign_id: 'c0000000-0000-4000-8000-00000000000a',
    slug: 'demo-campaign',
    campaign_name: 'Friends of Demo Candidate',
    office: 'Mayor',
    logo: null,
    appeal: 'Help us reach every voter.',
    suggested_amounts_cents: [2_500, 5_000, 10_000],
    min_cents: 100,
    limit_cents: 210_000,
    attestations: DONOR_ATTESTATIONS.map((a) => ({ key: a.key, text: a.text })),
    require_phone: false,
    giving: { available: true, mode: 'local', test_mode: false },
    notices: NOTICES,
    ...overrides,
  };
}

export function statusView(overrides: Partial<PaymentStatusView> = {}): PaymentStatusView {
  return {
    payment_id: PAYMENT_ID,
    kind: 'donation',
    status: 'completed',
    amount_cents: 5_000,
    refunded_cents: 0,
    campaign_name: 'Friends of Demo Candidate',
    slug: 'demo-campaign',
    receipt_number: 'R-2029-000123',
    failure_code: null,
    completed_at: '2029-03-04T15:00:00.000Z',
    test_mode: false,
    ...overrides,
  };
}

/** What a donor types in the giving form: every detail and every statement ticked. */
export async function fillDonor(user: UserEvent, overrides: { phone?: string } = {}) {
  await user.clear(screen.getByRole('textbox', { name: /Full name/ }));
  await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Maria Lopez');
  await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'maria@example.org');
  await user.type(screen.getByRole('textbox', { name: /Phone number/ }), overrides.phone ?? '2125550123');
  await user.type(screen.getByRole('textbox', { name: /Street address/ }), '1 Main Street');
  await user.type(screen.getByRole('textbox', { name: /Apt \/ unit/ }), '4B');
  await user.type(screen.getByRole('textbox', { name: /City/ }), 'New York');
  await user.selectOptions(screen.getByRole('combobox', { name: /State/ }), 'new_york');
  await user.type(screen.getByRole('textbox', { name: /ZIP code/ }), '10001');
  await user.type(screen.getByRole('textbox', { name: /Employer/ }), 'Acme');
  await user.type(screen.getByRole('textbox', { name: /Occupation/ }), 'Engineer');
  for (const statement of DONOR_ATTESTATIONS) await user.click(screen.getByRole('checkbox', { name: statement.text }));
}

/** Renders one page inside the open (plain) layout at `path`, outside the app's route tree (`strict`: all of it in StrictMode, as in development). */
export function renderOpenPage(routePath: string, path: string, element: ReactElement, { strict = false }: { strict?: boolean } = {}) {
  const { store, persistor } = makeStore();
  const router = createMemoryRouter([{ element: <PlainLayout />, children: [{ path: routePath, element }, { path: '*', element: <p>elsewhere</p> }] }], {
    initialEntries: [path],
  });
  const tree = (
    <Providers store={store} persistor={persistor}>
      <RouterProvider router={router} />
    </Providers>
  );
  const utils = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...utils, store, router };
}
