/** Package purchase (domain/payments/api-contract.ts) and the package list of a campaign (domain/campaign.ts), as RTK Query endpoints. */
import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import { CAMPAIGN_PATHS, type PackageListData } from '../../../../domain/campaign';
import { PAYMENT_PATHS, purchaseInvoiceUrl, purchaseListUrl, type CheckoutStarted, type PurchasePackageBody, type PurchaseView } from '../../../../domain/payments/api-contract';
import { api, type ApiError } from '../../../lib/api';

export const packagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The campaign's package state and the 1/2/3-year options with their prices. */
    packageList: build.query<PackageListData, string>({
      query: (campaignId) => ({ url: CAMPAIGN_PATHS.listPackageByYear(campaignId) }),
      transformResponse: (body: ApiSuccess<PackageListData>) => body.data,
      providesTags: ['Package'],
    }),
    /** Starts the order; the browser then goes to `approve_url` (nothing here changes before the payment is made). */
    purchasePackage: build.mutation<CheckoutStarted, PurchasePackageBody>({
      query: (data) => ({ url: PAYMENT_PATHS.purchasePackage, method: 'POST', data }),
      transformResponse: (body: ApiSuccess<CheckoutStarted>) => body.data,
    }),
    /** The campaign's package payments, newest first. */
    purchaseList: build.query<PurchaseView[], string>({
      query: (campaignId) => ({ url: purchaseListUrl(campaignId) }),
      transformResponse: (body: ApiSuccess<PurchaseView[]>) => body.data,
      providesTags: ['Package'],
    }),
    /**
     * The invoice PDF of one purchase, read with the bearer token (like the import templates). Answers an
     * object URL of the file (the bytes stay out of the store); the caller saves it and revokes the URL.
     */
    purchaseInvoice: build.mutation<string, { campaignId: string; paymentId: string }>({
      async queryFn({ campaignId, paymentId }, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: purchaseInvoiceUrl(campaignId, paymentId), responseType: 'arraybuffer' });
        if (result.error) return { error: result.error as ApiError };
        return { data: URL.createObjectURL(new Blob([result.data as ArrayBuffer], { type: 'application/pdf' })) };
      },
    }),
  }),
});

export const { usePackageListQuery, usePurchasePackageMutation, usePurchaseListQuery, usePurchaseInvoiceMutation } = packagesApi;
