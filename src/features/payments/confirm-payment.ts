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
  | { kind: 'unconfirmed' }
  /** PayPal has not told the outcome yet (unknown) or holds the money as PENDING: the receipt comes by e-mail. */
  | { kind: 'confirming'; status: 'unknown' | 'pending' }
  /** PayPal could not use the funding source: the donor chooses another one at PayPal for the same order. */
  | { kind: 'chooseAgain'; url: string };

function answerOf(view: PaymentStatusView): Outcome | null {
  if (view.status === 'completed') return { kind: 'receipt', receipt: view };
  if (view.status === 'unknown' || view.status === 'pending') return { kind: 'confirming', status: view.status };
  return null;
}

function approveUrlOf(err: unknown): string | null {
  const url = (err as { response?: { data?: { details?: { approve_url?: unknown } } } })?.response?.data?.details?.approve_url;
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url : null;
}

/**
 * Capture: the receipt; on an error answer, the payment's status decides (a reload after success
 * finds it completed and shows the receipt again).
 */
async function confirmPayment(ref: PaymentRef): Promise<Outcome> {
  try {
    const answer = await capturePayment(ref);
    return answerOf(answer) ?? { kind: 'failed', code: answer.failure_code };
  } catch (err) {
    if (httpStatus(err) === undefined || isRateLimitError(err)) return { kind: 'unconfirmed' };
    const code = apiErrorCode(err) ?? null;
    const url = code === 'PAYMENT_CHOOSE_ANOTHER_SOURCE' ? approveUrlOf(err) : null;
    if (url) return { kind: 'chooseAgain', url };
    try {
      const status = await getPaymentStatus(ref.payment_id, ref.order_id);
      const known = answerOf(status);
      if (known) return known;
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
