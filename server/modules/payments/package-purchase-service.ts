/**
 * Package purchase (SPEC §1 type key PACKAGE): the owner or manager pays the list price of 1, 2 or 3
 * years through the platform's PayPal account; on capture record-payment.ts starts or extends the
 * package (the same rule as the admin grant). purchase-list answers the campaign's purchases, each with
 * an invoice PDF once completed.
 */
import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import { formatCents } from '../../../domain/money';
import type { CheckoutStarted, PurchasePackageBody, PurchaseView } from '../../../domain/payments/api-contract';
import { campaignNotFound, type CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { priceOf } from '../campaign/package-service';
import { findCampaignById } from '../campaign/repository';
import { displayDate } from '../donors/reminder-message';
import { createOrderFor } from './giving-service';
import { platformAccount } from './paypal-gateway';
import { findPayment, insertPaymentOnce, listPurchases } from './payment-repository';

export const PACKAGE_TYPE_KEY = 'PACKAGE';

export async function purchasePackage(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: PurchasePackageBody, origin: string): Promise<CheckoutStarted> {
  const price = priceOf(body.years);
  const campaign = await findCampaignById(app.db, ctx.id);
  if (!campaign) throw campaignNotFound();
  const account = platformAccount(app);
  if (!account) throw fail(409, 'GATEWAY_NOT_CONFIGURED');
  const { row } = await insertPaymentOnce(app.db, {
    campaignId: ctx.id,
    kind: 'package',
    status: 'created',
    mode: account.mode,
    amountCents: price.price_cents,
    idempotencyKey: body.idempotency_key,
    packageYears: body.years,
    createdBy: auth.id,
    donorDetails: { type_key: PACKAGE_TYPE_KEY },
  });
  if (row.status !== 'created' || row.packageYears !== body.years) throw fail(409, 'CONFLICT', { reason: 'PAYMENT_ALREADY_STARTED', payment_id: row.id, status: row.status });
  return createOrderFor(app, account, row, { description: `${price.label} package for ${campaign.campaignName} (${PACKAGE_TYPE_KEY})`, brandName: 'Campaign Donation Tracker' }, origin);
}

export async function purchaseList(app: FastifyInstance, ctx: CampaignContext): Promise<PurchaseView[]> {
  return (await listPurchases(app.db, ctx.id)).map((p) => ({
    payment_id: p.id,
    date: (p.completedAt ?? p.createdAt).toISOString(),
    years: p.packageYears ?? 0,
    amount_cents: p.amountCents,
    status: p.status === 'capturing' ? 'approved' : (p.status as PurchaseView['status']),
    receipt_number: p.receiptNumber,
    has_invoice: p.status === 'completed',
  }));
}

/** The invoice of a completed purchase, as a PDF (one page; small enough to draw in the request). */
export async function purchaseInvoice(app: FastifyInstance, ctx: CampaignContext, paymentId: string): Promise<{ fileName: string; pdf: Buffer }> {
  const payment = await findPayment(app.db, paymentId);
  if (!payment || payment.campaignId !== ctx.id || payment.kind !== 'package') throw fail(404, 'PAYMENT_NOT_FOUND');
  if (payment.status !== 'completed' || !payment.receiptNumber || !payment.completedAt) throw fail(409, 'PAYMENT_NOT_APPROVED');
  const campaign = await findCampaignById(app.db, ctx.id);
  const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: `Invoice ${payment.receiptNumber}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));
  const day = displayDate(payment.completedAt.toISOString().slice(0, 10));
  const years = payment.packageYears ?? 1;
  doc.fontSize(20).text('Invoice', { align: 'left' }).moveDown(0.5);
  doc.fontSize(11).text(`Invoice number: ${payment.receiptNumber}`).text(`Date: ${day}`).text(`Paid with: PayPal${payment.mode === 'local' ? ' (test gateway: no money moved)' : ''}`);
  doc.moveDown().text('Billed to:').text(campaign?.campaignName ?? '').text(campaign?.committeeName ?? '');
  doc.moveDown().fontSize(12).text(`Campaign package, ${years} year${years === 1 ? '' : 's'} (${PACKAGE_TYPE_KEY})`, { continued: true }).text(`   ${formatCents(payment.amountCents)}`, { align: 'right' });
  if (payment.refundedCents > 0) doc.text(`Refunded: ${formatCents(payment.refundedCents)}`, { align: 'right' });
  doc.moveDown().fontSize(12).text(`Total paid: ${formatCents(payment.amountCents - payment.refundedCents)}`, { align: 'right' });
  doc.moveDown(2).fontSize(9).fillColor('#555').text('Campaign Donation Tracker. Thank you for your purchase.');
  doc.end();
  await ended;
  return { fileName: `Invoice ${payment.receiptNumber}.pdf`, pdf: Buffer.concat(chunks) };
}
