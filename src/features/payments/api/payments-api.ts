/**
 * The payments API (domain/payments/api-contract.ts) for the giving pages, the payment result pages and
 * the payment gateway page. Every answer is `{ data: … }`.
 */
import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import { CAMPAIGN_PATHS, type PackageListData } from '../../../../domain/campaign';
import {
  PAYMENT_PATHS,
  campaignGatewaysUrl,
  givingPageUrl,
  givingSettingsUrl,
  paymentStatusUrl,
  type CheckoutStarted,
  type ConfigureGatewayBody,
  type GatewayView,
  type GivingPage,
  type GivingSettings,
  type PayOnlineBody,
  type PaymentStatusView,
  type PledgeLinkView,
  type SaveGivingSettingsBody,
  type ProviderView,
  type ReconcileReport,
  reconcileReportUrl,
} from '../../../../domain/payments/api-contract';
import { loadApi } from '../../../lib/load-api';
import { publicApi } from '../../../lib/public-api';

/** Staff calls: the axios client with the session, loaded on first use (never on a donor's page). */
const staffApi = async () => (await loadApi()).apiClient;

interface PaymentRef {
  payment_id: string;
  order_id: string;
}

// ── donors (open pages) ──────────────────────────────────────────────────────────────────────

async function fetchGivingPage(slug: string): Promise<GivingPage | null> {
  return (await publicApi.get<ApiSuccess<GivingPage | null>>(givingPageUrl(slug))).data.data;
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

/** What /{slug} shows, and whether giving is open. null: no campaign has that slug. */
export async function getGivingPage(slug: string): Promise<GivingPage | null> {
  const early = earlyGivingPages.get(slug);
  if (early) {
    earlyGivingPages.delete(slug);
    return early;
  }
  return fetchGivingPage(slug);
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
export async function getPledgeLink(token: string): Promise<PledgeLinkView> {
  return (await publicApi.get<ApiSuccess<PledgeLinkView>>(PAYMENT_PATHS.pledgeLink, { params: { token } })).data.data;
}

/** The campaign's package (a package receipt says until when it is active). */
export async function getPackageState(campaignId: string): Promise<PackageListData> {
  return (await (await staffApi()).get<ApiSuccess<PackageListData>>(CAMPAIGN_PATHS.listPackageByYear(campaignId))).data.data;
}

// ── staff (payment gateway page) ─────────────────────────────────────────────────────────────

export async function listProviders(): Promise<ProviderView[]> {
  return (await (await staffApi()).get<ApiSuccess<ProviderView[]>>(PAYMENT_PATHS.listProviders)).data.data;
}

export async function listCampaignGateways(campaignId: string): Promise<GatewayView[]> {
  return (await (await staffApi()).get<ApiSuccess<GatewayView[]>>(campaignGatewaysUrl(campaignId))).data.data;
}

export async function configureGateway(body: ConfigureGatewayBody): Promise<GatewayView> {
  return (await (await staffApi()).post<ApiSuccess<GatewayView>>(PAYMENT_PATHS.configureGateway, body)).data.data;
}

export async function testGateway(campaignId: string): Promise<{ ok: true; message: string }> {
  return (await (await staffApi()).post<ApiSuccess<{ ok: true; message: string }>>(PAYMENT_PATHS.testGateway, { campaign_id: campaignId, provider: 'paypal' })).data.data;
}

export async function getGivingSettings(campaignId: string): Promise<GivingSettings> {
  return (await (await staffApi()).get<ApiSuccess<GivingSettings>>(givingSettingsUrl(campaignId))).data.data;
}

export async function saveGivingSettings(body: SaveGivingSettingsBody): Promise<GivingSettings> {
  return (await (await staffApi()).post<ApiSuccess<GivingSettings>>(PAYMENT_PATHS.saveGivingSettings, body)).data.data;
}

/** Every online payment and refund whose state differs from PayPal's (each read again from PayPal: slow). */
export async function getReconcileReport(campaignId: string): Promise<ReconcileReport> {
  return (await (await staffApi()).get<ApiSuccess<ReconcileReport>>(reconcileReportUrl(campaignId))).data.data;
}
