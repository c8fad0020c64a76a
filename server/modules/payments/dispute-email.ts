/** The e-mail that tells a campaign's owners a donor disputed an online gift at PayPal, or how it ended. */
import { formatCents } from '../../../domain/money';

export interface DisputeEmailInput {
  to: string;
  campaignName: string;
  disputeId: string;
  status: string;
  reason: string | null;
  outcome: string | null;
  amountCents: number;
  receipt: string | null;
  resolved: boolean;
}

export function disputeEmail(input: DisputeEmailInput) {
  const gift = input.receipt ? `the online gift with receipt ${input.receipt}` : 'an online gift';
  const lines = input.resolved
    ? [`PayPal dispute ${input.disputeId} about ${gift} is resolved${input.outcome ? ` (${input.outcome})` : ''}.`]
    : [
        `A donor opened a PayPal dispute (${input.disputeId}) about ${gift}: ${formatCents(input.amountCents)}.`,
        ...(input.reason ? [`Reason given: ${input.reason}.`] : []),
        '',
        'Answer it in your PayPal account. The gift stays in the books until PayPal reverses the payment.',
      ];
  return {
    channel: 'email' as const,
    recipient: input.to,
    subject: `${input.campaignName}: PayPal dispute ${input.resolved ? 'resolved' : 'opened'} (${input.disputeId})`,
    body: [...lines, '', input.campaignName].join('\n'),
    purpose: 'payment_dispute',
  };
}
