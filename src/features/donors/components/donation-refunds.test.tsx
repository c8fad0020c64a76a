import { render, screen, within } from '@testing-library/react';
import '../../../lib/staff-catalogue';
import { donationRow, refundRow } from '../test-fixtures';
import { DonationRefunds } from './donation-refunds';
import { refundableCents } from './refund-modal';

const online = (overrides: Parameters<typeof donationRow>[0] = {}) => donationRow({ source: 'online', payment_method: 'card', paid_amount_cents: 5000, net_amount_cents: 5000, ...overrides });

describe('DonationRefunds: what PayPal says of an online gift', () => {
  it('a refund PayPal is still processing is shown as "Refund pending" with its amount and date, and is not refunded yet', () => {
    const donation = online({
      online_refunds: [{ online_refund_id: 'r1', status: 'pending', amount_cents: 1500, requested_at: '2025-03-10T15:00:00.000Z', reason: 'Donor asked', failure_reason: null }],
    });
    render(<DonationRefunds donation={donation} />);
    // The gift itself is still received in full (the pending refund is not taken off).
    expect(screen.getByText('Received')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'PayPal refunds not in the books, of the donation of 04-03-2025' });
    expect(within(list).getByText('Refund pending')).toBeInTheDocument();
    expect(list).toHaveTextContent('$15.00 asked on 10-03-2025: PayPal is still processing it; it is not taken off the net until PayPal completes it.');
    // What is pending cannot be asked again: only the rest is offered for a refund.
    expect(refundableCents(donation)).toBe(3500);
  });

  it('a failed refund is shown with PayPal\'s reason; an unanswered one says how to ask again', () => {
    render(
      <DonationRefunds
        donation={online({
          online_refunds: [
            { online_refund_id: 'r1', status: 'failed', amount_cents: 5000, requested_at: '2025-03-10T15:00:00.000Z', reason: 'Donor asked', failure_reason: 'FAILED: INSUFFICIENT_FUNDS' },
            { online_refund_id: 'r2', status: 'requested', amount_cents: 2000, requested_at: '2025-03-11T15:00:00.000Z', reason: 'Donor asked', failure_reason: null },
          ],
        })}
      />,
    );
    const items = within(screen.getByRole('list', { name: /PayPal refunds not in the books/ })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Refund failed $50.00 asked on 10-03-2025: PayPal did not make it; nothing was refunded.PayPal said: FAILED: INSUFFICIENT_FUNDS');
    expect(items[1]).toHaveTextContent('Refund not confirmed $20.00 asked on 11-03-2025: PayPal has not answered yet.');
    expect(items[1]).toHaveTextContent('Press Refund again for the same amount');
  });

  it('an open dispute shows its status, amount, date and reason; a resolved one its outcome', () => {
    render(
      <DonationRefunds
        donation={online({
          refunded_cents: 1000,
          net_amount_cents: 4000,
          refunds: [refundRow({ amount_cents: 1000 })],
          disputes: [
            { dispute_id: 'PP-D-1', status: 'UNDER_REVIEW', reason: 'UNAUTHORISED', amount_cents: 5000, opened_at: '2025-03-12T09:00:00.000Z', outcome: null },
            { dispute_id: 'PP-D-2', status: 'RESOLVED', reason: 'SOMETHING_NEW', amount_cents: null, opened_at: '2025-03-13T09:00:00.000Z', outcome: 'RESOLVED_SELLER_FAVOUR' },
          ],
        })}
      />,
    );
    expect(screen.getByText('Partly refunded')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'PayPal disputes of the donation of 04-03-2025' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Disputed Under review by PayPal: $50.00 disputed, opened 12-03-2025');
    expect(items[0]).toHaveTextContent('Reason: The donor says they did not authorise this payment');
    expect(items[0]).not.toHaveTextContent('Outcome');
    expect(items[1]).toHaveTextContent('Dispute resolved Resolved: an amount PayPal did not give disputed, opened 13-03-2025');
    // A code the catalogue does not know is shown in words, never as a raw key.
    expect(items[1]).toHaveTextContent('Reason: Something new');
    expect(items[1]).toHaveTextContent("Outcome: Resolved in the campaign's favour");
  });

  it('a gift with nothing at PayPal shows no PayPal lists', () => {
    render(<DonationRefunds donation={online()} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
