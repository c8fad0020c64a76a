/**
 * What the payment result pages (/payment-success, /payment-error) show, as RTK Query endpoints. They
 * are pages of the staff app (the donors' entry sends every link out of it, these included, to a page
 * load), so they have the store. The capture and the cancellation are sent once per payment in this tab
 * (confirm-payment.ts, once.ts) over the donors' `publicApi` (no session: a donor has none, and a staff
 * member's expired token must not stand in the way): the endpoints' `queryFn` asks those, and the query
 * is what the page shows of the answer.
 */
import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import { CAMPAIGN_PATHS, type PackageListData } from '../../../../domain/campaign';
import type { PaymentStatusView } from '../../../../domain/payments/api-contract';
import { api } from '../../../lib/api';
import { confirmOnce, type Outcome, type PaymentRef } from '../confirm-payment';
import { once } from '../once';
import { cancelPayment, getPaymentStatus } from './payments-api';

export const paymentResultApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The capture's outcome (never an error: confirm-payment.ts tells every answer); "Confirm again" forgets it and refetches. */
    paymentConfirmation: build.query<Outcome, PaymentRef>({
      queryFn: async ({ payment_id, order_id }) => ({ data: await confirmOnce({ payment_id, order_id }) }),
    }),
    /** The payment as /payment-error tells it: recorded as cancelled first (once) when the donor cancelled; null when unknown. */
    paymentResult: build.query<PaymentStatusView | null, PaymentRef & { cancelled: boolean }>({
      queryFn: async ({ payment_id, order_id, cancelled }) => {
        const ref = { payment_id, order_id };
        const load = cancelled ? once(`cancel:${payment_id}:${order_id}`, () => cancelPayment(ref).catch(() => getPaymentStatus(payment_id, order_id))) : getPaymentStatus(payment_id, order_id);
        return { data: await load.catch(() => null) };
      },
    }),
    /** The campaign's package (a package receipt says until when it is active): a staff call, with the session. */
    receiptPackageState: build.query<PackageListData, string>({
      query: (campaignId) => ({ url: CAMPAIGN_PATHS.listPackageByYear(campaignId) }),
      transformResponse: (body: ApiSuccess<PackageListData>) => body.data,
      providesTags: ['Package'],
    }),
  }),
});

export const { usePaymentConfirmationQuery, usePaymentResultQuery, useReceiptPackageStateQuery } = paymentResultApi;
