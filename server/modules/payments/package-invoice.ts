/**
 * The invoice of a package bought online (issue 33.12): seller and buyer (with the campaign's billing
 * address), invoice number and date, the service period the package added, the package's name,
 * amount, the PayPal payment reference and "Paid". One page, drawn in the request (small).
 */
import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import { labelOf, US_STATE_OPTIONS } from '../../../domain/donor-book/enums';
import { formatCents } from '../../../domain/money';
import { packagePeriod } from '../../../domain/package-expiry';
import { packagePrice } from '../../../domain/packages';
import type { CampaignContext } from '../../plugins/access';
import { fail } from '../../plugins/errors';
import { findPackageOfPayment } from '../campaign/package-repository';
import { findCampaignById } from '../campaign/repository';
import { displayDate } from '../follow-up/reminder-message';
import { findPayment } from './payment-repository';

export const INVOICE_SELLER = 'Campaign Donation Tracker';

/** A campaign's billing address as lines: street (with unit), then "City, State ZIP"; empty parts left out. */
export function billingAddressLines(c: { address: string | null; aptUnit: string | null; city: string | null; state: string | null; zip: string | null }): string[] {
  const street = [c.address, c.aptUnit].filter((part) => part && part.trim() !== '').join(', ');
  const state = c.state ? labelOf(US_STATE_OPTIONS, c.state) : null;
  const place = [[c.city, state].filter((part) => part && part.trim() !== '').join(', '), c.zip ?? ''].filter((part) => part.trim() !== '').join(' ');
  return [street, place].filter((line) => line !== '');
}

export async function purchaseInvoice(app: FastifyInstance, ctx: CampaignContext, paymentId: string): Promise<{ fileName: string; pdf: Buffer }> {
  const payment = await findPayment(app.db, paymentId);
  if (!payment || payment.campaignId !== ctx.id || payment.kind !== 'package') throw fail(404, 'PAYMENT_NOT_FOUND');
  if (payment.status !== 'completed' || !payment.receiptNumber || !payment.completedAt) throw fail(409, 'PAYMENT_NOT_APPROVED');
  const [campaign, pkg] = await Promise.all([findCampaignById(app.db, ctx.id), findPackageOfPayment(app.db, payment.id)]);
  const years = payment.packageYears ?? 1;
  const name = `Campaign package, ${packagePrice(years)?.label ?? `${years} years`}`;
  const period = pkg ? packagePeriod(pkg) : null;

  const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: `Invoice ${payment.receiptNumber}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.fontSize(20).text('Invoice').moveDown(0.5);
  doc.fontSize(11).text(`Invoice number: ${payment.receiptNumber}`).text(`Invoice date: ${displayDate(payment.completedAt.toISOString().slice(0, 10))}`);
  doc.moveDown().font('Helvetica-Bold').text('Seller').font('Helvetica').text(INVOICE_SELLER).text(app.config.publicUrl);
  doc.moveDown().font('Helvetica-Bold').text('Billed to').font('Helvetica');
  for (const line of [campaign?.campaignName ?? '', campaign?.committeeName ?? '', ...(campaign ? billingAddressLines(campaign) : [])]) if (line) doc.text(line);
  doc.moveDown().font('Helvetica-Bold').text('Item').font('Helvetica').text(name);
  doc.text(period ? `Service period: ${displayDate(period.from)} to ${displayDate(period.to)}` : 'Service period: not recorded');
  doc.text(`Amount: ${formatCents(payment.amountCents)}`);
  if (payment.refundedCents > 0) doc.text(`Refunded: ${formatCents(payment.refundedCents)}`);
  doc.moveDown().text(`Payment reference: PayPal ${payment.captureId ?? payment.orderId ?? payment.id}${payment.mode === 'local' ? ' (test gateway: no money moved)' : ''}`);
  doc.font('Helvetica-Bold').text(`Paid: ${formatCents(payment.amountCents - payment.refundedCents)}`).font('Helvetica');
  doc.moveDown(2).fontSize(9).fillColor('#555').text(`${INVOICE_SELLER}. Thank you for your purchase.`);
  doc.end();
  await ended;
  return { fileName: `Invoice ${payment.receiptNumber}.pdf`, pdf: Buffer.concat(chunks) };
}
