/**
 * The refund side of the reconcile report: each refund we asked of PayPal against PayPal's refund
 * (GET /v2/payments/refunds/{id}), and what our books record as refunded of a capture against the
 * capture's status at PayPal (which also covers refunds made in PayPal's own dashboard and
 * chargebacks, booked from their webhooks without a refund row of ours).
 */
import type { ReconcileDifference } from '../../../domain/payments/api-contract';
import type { PaymentRecord } from './payment-repository';
import type { RefundRecord } from './refund-repository';

/** A refund of ours against PayPal's status of it (NOT_FOUND: PayPal has no such refund), or null when they agree. */
export function refundDifference(ours: RefundRecord, paypalStatus: string): ReconcileDifference | null {
  switch (paypalStatus) {
    case 'COMPLETED':
      return ours.status === 'completed' ? null : 'REFUND_NOT_BOOKED';
    case 'PENDING':
      return ours.status === 'pending' ? null : ours.status === 'completed' ? 'REFUND_BOOKED_NOT_COMPLETED' : 'REFUND_STATUS_DIFFERS';
    default:
      // FAILED, CANCELLED, NOT_FOUND: PayPal refunded nothing.
      return ours.status === 'failed' ? null : ours.status === 'completed' ? 'REFUND_BOOKED_NOT_COMPLETED' : 'REFUND_STATUS_DIFFERS';
  }
}

/**
 * Whether the capture's status at PayPal disagrees with what our books record as refunded of a
 * completed payment. `pendingCents`: our refunds PayPal answered PENDING (PayPal may already count
 * them in the capture's status; they are not booked until they complete).
 */
export function refundedAmountDiffers(payment: PaymentRecord, captureStatus: string, pendingCents: number): boolean {
  const booked = payment.refundedCents;
  switch (captureStatus) {
    case 'COMPLETED':
      return booked > 0;
    case 'PARTIALLY_REFUNDED':
      return booked + pendingCents === 0 || booked >= payment.amountCents;
    case 'REFUNDED':
    case 'REVERSED':
      return booked + pendingCents < payment.amountCents;
    default:
      return false;
  }
}
