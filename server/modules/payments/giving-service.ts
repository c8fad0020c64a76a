/**
 * The public giving page (/{slug}) and the start of a donor's checkout (POST /payment/pay-online).
 * The server decides what is charged: the amount is checked (limits, the pledge's remainder) before
 * the PayPal order is made, and the order carries the payment id (custom_id) that ties every later
 * PayPal answer and webhook to this campaign's payment row.
 */
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_APPEAL,
  DEFAULT_SUGGESTED_AMOUNTS_CENTS,
  DONOR_ATTESTATIONS,
  ONLINE_GIFT_MIN_CENTS,
  type CheckoutStarted,
  type GivingPage,
  type GivingUnavailableReason,
  type PayOnlineBody,
} from '../../../domain/payments/api-contract';
import { limitFor } from '../../../domain/compliance/engine';
import { payOnlineRequestSchema } from '../../../domain/payments/requests';
import { isoDay } from '../../../domain/dates';
import { campaignNotFound } from '../../plugins/access';
import { fail } from '../../plugins/errors';
import { validateBody } from '../../plugins/validate';
import { findOfficeLabel } from '../campaign/reference-repository';
import { findCampaignBySlug } from '../campaign/repository';
import { campaignVideoUrl } from '../campaign/video-service';
import { packageView } from '../campaign/view';
import { loadBookCampaign } from '../book/book-campaign';
import { complianceDonorOf } from '../donors/donor-figures';
import { findGivingPage } from './gateway-repository';
import { campaignNotices } from './giving-notices';
import { newDonorRules } from './online-donor';
import { campaignAccount, type PaypalAccount } from './paypal-gateway';
import { PaypalError, PaypalUnavailable, approveLinkOf } from './paypal-client';
import { checkOnlineGift } from './gift-check';
import { insertPaymentOnce, updatePayment, type PaymentRecord } from './payment-repository';
import { readPledgeLink } from './pledge-link';

type CampaignRow = NonNullable<Awaited<ReturnType<typeof findCampaignBySlug>>>;

interface GivingCampaign {
  campaign: CampaignRow;
  account: PaypalAccount | null;
  unavailable: GivingUnavailableReason | null;
}

/** Whether the campaign takes online gifts now, and through which account. */
export async function givingState(app: FastifyInstance, campaign: CampaignRow): Promise<Omit<GivingCampaign, 'campaign'>> {
  const account = await campaignAccount(app, campaign.id);
  let unavailable: GivingUnavailableReason | null = null;
  if (campaign.status === 'archived') unavailable = 'ARCHIVED';
  else if (campaign.status !== 'active') unavailable = 'NOT_ACTIVE';
  else if (packageView(campaign, app.clock.now()).package_status !== 'ACTIVE') unavailable = 'NO_PACKAGE';
  else if (!account) unavailable = 'NO_GATEWAY';
  return { account, unavailable };
}

/** The campaign of a slug, and whether it takes online gifts now (404 for an unknown or pending one). */
export async function givingCampaign(app: FastifyInstance, slug: string): Promise<GivingCampaign> {
  const campaign = await findCampaignBySlug(app.db, slug.toLowerCase());
  if (!campaign || campaign.status === 'pending') throw campaignNotFound();
  return { campaign, ...(await givingState(app, campaign)) };
}

/**
 * The `giving` of GivingPage and PledgeLinkView. With real PayPal (sandbox, live) it carries the
 * account's client id, public by design, for PayPal's JS SDK buttons; never the secret.
 */
export function givingOf({ account, unavailable }: Omit<GivingCampaign, 'campaign'>): GivingPage['giving'] {
  if (unavailable || !account) return { available: false, reason: unavailable ?? 'NO_GATEWAY' };
  if (account.mode === 'local') return { available: true, mode: 'local', test_mode: true };
  return { available: true, mode: account.mode, test_mode: false, client_id: account.clientId };
}

/** What /{slug} shows; null when no campaign has that slug (the SPA then shows its 404 page without an error response). */
export async function givingPage(app: FastifyInstance, slug: string): Promise<GivingPage | null> {
  const campaign = await findCampaignBySlug(app.db, slug.toLowerCase());
  if (!campaign || campaign.status === 'pending') return null;
  const state = await givingState(app, campaign);
  const [settings, book, office, videoUrl] = await Promise.all([
    findGivingPage(app.db, campaign.id),
    loadBookCampaign(app.db, campaign.id),
    campaign.officeSought ? findOfficeLabel(app.db, campaign.officeSought) : null,
    campaignVideoUrl(app, campaign.id),
  ]);
  const limit = limitFor(book.compliance, complianceDonorOf(newDonorRules(null)));
  const { notices } = await campaignNotices(app.db, campaign, settings, book);
  return {
    campaign_id: campaign.id,
    slug: campaign.slug,
    campaign_name: campaign.campaignName,
    office,
    logo: campaign.logo,
    video_url: videoUrl,
    appeal: settings?.appeal ?? DEFAULT_APPEAL,
    suggested_amounts_cents: settings?.suggestedAmountsCents ?? [...DEFAULT_SUGGESTED_AMOUNTS_CENTS],
    min_cents: ONLINE_GIFT_MIN_CENTS,
    limit_cents: limit.limit_cents,
    attestations: DONOR_ATTESTATIONS.map((a) => ({ key: a.key, text: a.text })),
    require_phone: settings?.requirePhone ?? false,
    giving: givingOf(state),
    notices,
  };
}

/** The PayPal error of a call that made no payment (create): what the donor is told. */
export function providerFailure(error: unknown): never {
  if (error instanceof PaypalUnavailable) throw fail(502, 'PAYMENT_PROVIDER_UNAVAILABLE');
  if (error instanceof PaypalError) {
    if (error.status === 401) throw fail(502, 'PAYMENT_PROVIDER_UNAVAILABLE');
    throw fail(502, 'PAYMENT_PROVIDER_UNAVAILABLE', { provider_error: error.issue ?? error.name });
  }
  throw error;
}

/**
 * Creates the PayPal order of a payment row (PayPal-Request-Id = the payment id: a retry answers the
 * same order). PayPal sends the browser back to `origin` (linkOrigin of the request: the address the
 * app was opened at outside production, PUBLIC_URL in production), where its session and the giving
 * form's session storage live.
 */
export async function createOrderFor(
  app: FastifyInstance,
  account: PaypalAccount,
  payment: PaymentRecord,
  text: { description: string; brandName: string },
  origin: string,
): Promise<CheckoutStarted> {
  const base = origin;
  const query = `payment_id=${payment.id}`;
  let order;
  try {
    order = await account.client.createOrder({
      requestId: `order-${payment.id}`,
      amountCents: payment.amountCents,
      customId: payment.id,
      invoiceId: payment.id,
      description: text.description,
      brandName: text.brandName,
      returnUrl: `${base}/payment-success?${query}`,
      cancelUrl: `${base}/payment-error?${query}&reason=cancelled`,
    });
  } catch (error) {
    if (!payment.orderId) await updatePayment(app.db, payment.id, { status: 'failed', failureCode: 'PAYMENT_PROVIDER_UNAVAILABLE' }, app.clock.now());
    providerFailure(error);
  }
  const approveUrl = approveLinkOf(order);
  if (!approveUrl) throw fail(502, 'PAYMENT_PROVIDER_UNAVAILABLE');
  if (payment.orderId !== order.id) await updatePayment(app.db, payment.id, { orderId: order.id }, app.clock.now());
  return { payment_id: payment.id, order_id: order.id, approve_url: approveUrl, amount_cents: payment.amountCents, test_mode: account.mode === 'local' };
}

/** POST /payment/pay-online: checks the gift, records a pending payment (once per key) and makes its order. */
export async function payOnline(app: FastifyInstance, body: PayOnlineBody, origin: string): Promise<CheckoutStarted> {
  const { campaign, account, unavailable } = await givingCampaign(app, body.slug);
  if (unavailable || !account) throw fail(409, 'GIVING_UNAVAILABLE', { reason: unavailable ?? 'NO_GATEWAY' });
  // The campaign may ask every donor for a phone number: the same schema, told so (400 on donor.phone).
  if ((await findGivingPage(app.db, campaign.id))?.requirePhone) await validateBody(payOnlineRequestSchema, body, { requirePhone: true });
  const pledge = body.pledge_token ? await readPledgeLink(app, body.pledge_token, campaign.id) : null;
  // Checked before any order exists; checked again under the donor's lock just before the capture.
  await checkOnlineGift(app.db, campaign.id, { amountCents: body.amount_cents, details: body.donor, pledgeId: pledge?.pledgeId ?? null, paymentId: null, today: isoDay(app.clock.now()) });
  const { row } = await insertPaymentOnce(app.db, {
    campaignId: campaign.id,
    kind: 'donation',
    status: 'created',
    mode: account.mode,
    amountCents: body.amount_cents,
    idempotencyKey: body.idempotency_key,
    donorDetails: { ...body.donor, attestations: body.attestations, attested_at: app.clock.now().toISOString() },
    pledgeId: pledge?.pledgeId ?? null,
    donorId: pledge?.donorId ?? null,
  });
  if (row.amountCents !== body.amount_cents) throw fail(409, 'CONFLICT', { reason: 'IDEMPOTENCY_KEY_REUSED' });
  if (row.status !== 'created') throw fail(409, 'CONFLICT', { reason: 'PAYMENT_ALREADY_STARTED', payment_id: row.id, status: row.status });
  return createOrderFor(app, account, row, { description: `Contribution to ${campaign.campaignName}`, brandName: campaign.campaignName }, origin);
}
