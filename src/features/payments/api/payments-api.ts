/**
 * The payments API (domain/payments/api-contract.ts) for the donors: the giving pages and the payment
 * result pages, over `publicApi` (fetch, no session). These stay plain calls, not RTK Query endpoints:
 * the donors' entry (giving.html) has no store and a tight script budget (issue 31), and a capture or
 * cancel is sent once per tab (once.ts), not cached. The staff calls are endpoints in gateway-api.ts.
 * Every answer is `{ data: … }`.
 */
import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import {
  PAYMENT_PATHS,
  givingPageUrl,
  paymentStatusUrl,
  type CheckoutStarted,
  type GivingPage,
  type PayOnlineBody,
  type PaymentStatusView,
  type PledgeLinkView,
} from '../../../../domain/payments/api-contract';
import { publicApi } from '../../../lib/public-api';

interface PaymentRef {
  payment_id: string;
  order_id: string;
}

// ── donors (open pages) ──────────────────────────────────────────────────────────────────────

async function fetchGivingPage(slug: string, signal?: AbortSignal): Promise<GivingPage | null> {
  return (await publicApi.get<ApiSuccess<GivingPage | null>>(givingPageUrl(slug), { signal })).data.data;
}

/** Requests started before the page's code ran (prefetchGivingPage), each taken once. */
const earlyGivingPages = new Map<string, Promise<GivingPage | null>>();

/**
 * Starts loading what /{slug} shows while the page's scripts still load (the donors' entry,
 * giving-main.tsx): on a phone's network that saves a round trip before the form shows.
 */
export function prefetchGivingPage(slug: string): void {
  const request = fetchGivingPage(slug);
  request.catch(() => undefined); // the page's own getGivingPage reports a failure
  earlyGivingPages.set(slug, request);
}

/**
 * What /{slug} shows, and whether giving is open. null: no campaign has that slug. `signal` cancels
 * the request (one started before the page's code ran is not ours to cancel: its answer is dropped).
 */
export async function getGivingPage(slug: string, signal?: AbortSignal): Promise<GivingPage | null> {
  const early = earlyGivingPages.get(slug);
  if (early) {
    earlyGivingPages.delete(slug);
    return early;
  }
  return fetchGivingPage(slug, signal);
}

/** Starts the order; the browser then goes to `approve_url`. */
export async function payOnline(body: PayOnlineBody): Promise<CheckoutStarted> {
  return (await publicApi.post<ApiSuccess<CheckoutStarted>>(PAYMENT_PATHS.payOnline, body)).data.data;
}

/** Captures and records the approved order (once, server side). */
/** The receipt (200), or a payment PayPal has not settled yet (202: unknown or pending). */
export async function capturePayment(ref: PaymentRef): Promise<PaymentStatusView> {
  return (await publicApi.post<ApiSuccess<PaymentStatusView>>(PAYMENT_PATHS.capture, ref)).data.data;
}

/** The donor cancelled at PayPal. */
export async function cancelPayment(ref: PaymentRef): Promise<PaymentStatusView> {
  return (await publicApi.post<ApiSuccess<PaymentStatusView>>(PAYMENT_PATHS.cancel, ref)).data.data;
}

export async function getPaymentStatus(paymentId: string, orderId: string): Promise<PaymentStatusView> {
  return (await publicApi.get<ApiSuccess<PaymentStatusView>>(paymentStatusUrl(paymentId, orderId))).data.data;
}

/** /pay-your-donation?token=…: the pledge the signed link pays. */
export async function getPledgeLink(token: string, signal?: AbortSignal): Promise<PledgeLinkView> {
  return (await publicApi.get<ApiSuccess<PledgeLinkView>>(PAYMENT_PATHS.pledgeLink, { params: { token }, signal })).data.data;
}
