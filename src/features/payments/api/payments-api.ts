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
import { apiClient } from '../../../lib/api-client';

interface PaymentRef {
  payment_id: string;
  order_id: string;
}

// ── donors (open pages) ──────────────────────────────────────────────────────────────────────

/** What /{slug} shows, and whether giving is open. null: no campaign has that slug. */
export async function getGivingPage(slug: string): Promise<GivingPage | null> {
  return (await apiClient.get<ApiSuccess<GivingPage | null>>(givingPageUrl(slug))).data.data;
}

/** Starts the order; the browser then goes to `approve_url`. */
export async function payOnline(body: PayOnlineBody): Promise<CheckoutStarted> {
  return (await apiClient.post<ApiSuccess<CheckoutStarted>>(PAYMENT_PATHS.payOnline, body)).data.data;
}

/** Captures and records the approved order (once, server side). */
/** The receipt (200), or a payment PayPal has not settled yet (202: unknown or pending). */
export async function capturePayment(ref: PaymentRef): Promise<PaymentStatusView> {
  return (await apiClient.post<ApiSuccess<PaymentStatusView>>(PAYMENT_PATHS.capture, ref)).data.data;
}

/** The donor cancelled at PayPal. */
export async function cancelPayment(ref: PaymentRef): Promise<PaymentStatusView> {
  return (await apiClient.post<ApiSuccess<PaymentStatusView>>(PAYMENT_PATHS.cancel, ref)).data.data;
}

export async function getPaymentStatus(paymentId: string, orderId: string): Promise<PaymentStatusView> {
  return (await apiClient.get<ApiSuccess<PaymentStatusView>>(paymentStatusUrl(paymentId, orderId))).data.data;
}

/** /pay-your-donation?token=…: the pledge the signed link pays. */
export async function getPledgeLink(token: string): Promise<PledgeLinkView> {
  return (await apiClient.get<ApiSuccess<PledgeLinkView>>(PAYMENT_PATHS.pledgeLink, { params: { token } })).data.data;
}

/** The campaign's package (a package receipt says until when it is active). */
export async function getPackageState(campaignId: string): Promise<PackageListData> {
  return (await apiClient.get<ApiSuccess<PackageListData>>(CAMPAIGN_PATHS.listPackageByYear(campaignId))).data.data;
}

// ── staff (payment gateway page) ─────────────────────────────────────────────────────────────

export async function listProviders(): Promise<ProviderView[]> {
  return (await apiClient.get<ApiSuccess<ProviderView[]>>(PAYMENT_PATHS.listProviders)).data.data;
}

export async function listCampaignGateways(campaignId: string): Promise<GatewayView[]> {
  return (await apiClient.get<ApiSuccess<GatewayView[]>>(campaignGatewaysUrl(campaignId))).data.data;
}

export async function configureGateway(body: ConfigureGatewayBody): Promise<GatewayView> {
  return (await apiClient.post<ApiSuccess<GatewayView>>(PAYMENT_PATHS.configureGateway, body)).data.data;
}

export async function testGateway(campaignId: string): Promise<{ ok: true; message: string }> {
  return (await apiClient.post<ApiSuccess<{ ok: true; message: string }>>(PAYMENT_PATHS.testGateway, { campaign_id: campaignId, provider: 'paypal' })).data.data;
}

export async function getGivingSettings(campaignId: string): Promise<GivingSettings> {
  return (await apiClient.get<ApiSuccess<GivingSettings>>(givingSettingsUrl(campaignId))).data.data;
}

export async function saveGivingSettings(body: SaveGivingSettingsBody): Promise<GivingSettings> {
  return (await apiClient.post<ApiSuccess<GivingSettings>>(PAYMENT_PATHS.saveGivingSettings, body)).data.data;
}

/** Every online payment and refund whose state differs from PayPal's (each read again from PayPal: slow). */
export async function getReconcileReport(campaignId: string): Promise<ReconcileReport> {
  return (await apiClient.get<ApiSuccess<ReconcileReport>>(reconcileReportUrl(campaignId))).data.data;
}
