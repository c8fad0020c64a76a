/** Package purchase (domain/payments/api-contract.ts) and the package list of a campaign (domain/campaign.ts). */
import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import { CAMPAIGN_PATHS, type PackageListData } from '../../../../domain/campaign';
import { PAYMENT_PATHS, purchaseInvoiceUrl, purchaseListUrl, type CheckoutStarted, type PurchasePackageBody, type PurchaseView } from '../../../../domain/payments/api-contract';
import { apiClient } from '../../../lib/api-client';

/** The campaign's package state and the 1/2/3-year options with their prices. */
export async function listPackages(campaignId: string): Promise<PackageListData> {
  return (await apiClient.get<ApiSuccess<PackageListData>>(CAMPAIGN_PATHS.listPackageByYear(campaignId))).data.data;
}

/** Starts the order; the browser then goes to `approve_url`. */
export async function purchasePackage(body: PurchasePackageBody): Promise<CheckoutStarted> {
  return (await apiClient.post<ApiSuccess<CheckoutStarted>>(PAYMENT_PATHS.purchasePackage, body)).data.data;
}

/** The campaign's package payments, newest first. */
export async function listPurchases(campaignId: string): Promise<PurchaseView[]> {
  return (await apiClient.get<ApiSuccess<PurchaseView[]>>(purchaseListUrl(campaignId))).data.data;
}

/** The invoice PDF of one purchase (the request carries the bearer token, so it is read here, like the import templates). */
export async function getInvoice(campaignId: string, paymentId: string): Promise<Blob> {
  const res = await apiClient.get<ArrayBuffer>(purchaseInvoiceUrl(campaignId, paymentId), { responseType: 'arraybuffer' });
  return new Blob([res.data], { type: String(res.headers['content-type'] ?? 'application/pdf') });
}
