/**
 * Confirming (capturing) an approved payment, once per payment in this tab: /payment-success does it
 * when PayPal (or the stand-in) sends the donor back, and the PayPal buttons of the giving form do it
 * in their onApprove before going to /payment-success, which then finds the answer here and shows the
 * receipt without a second POST /payment/capture. (The server's capture is idempotent as well: a
 * reload of /payment-success captures nothing more and answers the same receipt.)
 */
import type { PaymentStatusView } from '../../../domain/payments/api-contract';
import { apiErrorCode, isRateLimitError } from '../../lib/api-error';
import { capturePayment, getPaymentStatus } from './api/payments-api';
import { httpStatus } from './http-status';
import { forget, once } from './once';

export type PaymentRef = { payment_id: string; order_id: string };

export type Outcome =
  | { kind: 'receipt'; receipt: PaymentStatusView }
  /** The server answered that the payment did not complete: the error page says why. */
  | { kind: 'failed'; code: string | null }
  /** No answer (network, too many requests): nobody knows yet; the donor may ask again. */
  | { kind: 'unconfirmed' };

/**
 * Capture: the receipt; on an error answer, the payment's status decides (a reload after success
 * finds it completed and shows the receipt again).
 */
async function confirmPayment(ref: PaymentRef): Promise<Outcome> {
  try {
    return { kind: 'receipt', receipt: await capturePayment(ref) };
  } catch (err) {
    if (httpStatus(err) === undefined || isRateLimitError(err)) return { kind: 'unconfirmed' };
    const code = apiErrorCode(err) ?? null;
    try {
      const status = await getPaymentStatus(ref.payment_id, ref.order_id);
      if (status.status === 'completed') return { kind: 'receipt', receipt: status };
      return { kind: 'failed', code: code ?? status.failure_code };
    } catch {
      return { kind: 'failed', code };
    }
  }
}

const captureKey = (ref: PaymentRef) => `capture:${ref.payment_id}:${ref.order_id}`;

/** The capture of `ref`, asked once: every later caller (StrictMode, a page mounted again) gets the same answer. */
export function confirmOnce(ref: PaymentRef): Promise<Outcome> {
  return once(captureKey(ref), () => confirmPayment(ref));
}

/** Lets the capture of `ref` be asked again ("Confirm again" after no answer). */
export function forgetConfirmation(ref: PaymentRef): void {
  forget(captureKey(ref));
}
