/** The reminder a donor receives by e-mail or text: what remains, the next payment and the campaign's public link. */
import { formatCents } from '../../../domain/money';
import type { NotificationChannel } from '../../../domain/donor-book/enums';

export interface ReminderInput {
  channel: NotificationChannel;
  recipient: string;
  donorName: string;
  campaignName: string;
  publicLink: string;
  remainingCents: number;
  nextPaymentDate: string | null;
  nextPaymentCents: number | null;
  personalMessage: string | null;
}

/** 'YYYY-MM-DD' → 'DD-MM-YYYY' (SPEC §9 date display). */
export function displayDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}-${m}-${y}`;
}

function nextPaymentText(input: ReminderInput): string | null {
  if (input.nextPaymentCents === null) return null;
  const amount = formatCents(input.nextPaymentCents);
  return input.nextPaymentDate ? `Your next payment of ${amount} is due on ${displayDate(input.nextPaymentDate)}.` : `Your next payment is ${amount}.`;
}

export function reminderMessage(input: ReminderInput) {
  const remaining = `You have ${formatCents(input.remainingCents)} remaining on your pledge.`;
  const next = nextPaymentText(input);
  if (input.channel === 'sms') {
    const parts = [`${input.campaignName}: a reminder.`, remaining, next, input.personalMessage, `Pay online: ${input.publicLink}`].filter(Boolean);
    return { channel: 'sms' as const, recipient: input.recipient, subject: null, body: parts.join(' '), purpose: 'donor_reminder' };
  }
  const body = [
    `Dear ${input.donorName},`,
    '',
    `Thank you for supporting ${input.campaignName}.`,
    next ? `${remaining} ${next}` : remaining,
    ...(input.personalMessage ? ['', input.personalMessage] : []),
    '',
    `You can pay online at ${input.publicLink}`,
    '',
    input.campaignName,
  ].join('\n');
  return { channel: 'email' as const, recipient: input.recipient, subject: `${input.campaignName}: a reminder about your pledge`, body, purpose: 'donor_reminder' };
}
