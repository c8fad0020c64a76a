/**
 * The callbacks of PayPal's buttons on the giving form, through the same server path as the redirect:
 * - a press validates the form first (the yup schema through react-hook-form); PayPal's window opens
 *   only for a valid form, and createOrder checks again: an invalid form never makes an order;
 * - createOrder: POST /payment/pay-online with a fresh idempotency key (the server decides the amount
 *   and makes the order); answers PayPal's order id;
 * - onApprove: POST /payment/capture (once per payment, confirm-payment.ts), then /payment-success,
 *   which shows that answer (receipt, or the error page) without capturing again;
 * - onCancel: a calm note, the form as it was (the started payment is closed on the server);
 * - onError: the failure text of the redirect flow's error page, above the form.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutStarted } from '../../../../domain/payments/api-contract';
import { paths } from '../../../config/paths';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { cancelPayment } from '../api/payments-api';
import { useDonorPage } from '../donor-page-context';
import { confirmOnce } from '../confirm-payment';
import '../../../lib/donor-catalogue';
import { returnQuery } from '../return-params';

export interface PaypalCheckoutDeps<V> {
  /** The form's values when valid (errors shown and focused otherwise): null when not. */
  validValues: () => Promise<V | null>;
  /** POST pay-online; null when refused (the form then says why). */
  startCheckout: (values: V, key: string) => Promise<CheckoutStarted | null>;
  /** Shows a failure above the form. */
  showError: (message: string) => void;
}

export function usePaypalCheckout<V>({ validValues, startCheckout, showError }: PaypalCheckoutDeps<V>) {
  const { t } = useTranslation();
  const { navigate } = useDonorPage();
  /** Order id → payment id of the orders this form made. */
  const orders = useRef(new Map<string, string>());
  /** The last createOrder failure is already on the form: PayPal's onError that follows adds nothing. */
  const explained = useRef(false);
  const [notice, setNotice] = useState('');
  const [confirming, setConfirming] = useState(false);

  const onClick = async (): Promise<boolean> => {
    setNotice('');
    return (await validValues()) !== null;
  };

  const createOrder = async (): Promise<string> => {
    setNotice('');
    const values = await validValues();
    const started = values === null ? null : await startCheckout(values, newIdempotencyKey());
    if (!started) {
      explained.current = true;
      throw new Error('No order was made: the form says why');
    }
    orders.current.set(started.order_id, started.payment_id);
    return started.order_id;
  };

  const onApprove = async (orderId: string): Promise<void> => {
    const paymentId = orders.current.get(orderId);
    if (!paymentId) {
      showError(t('payments.error.generic'));
      return;
    }
    setConfirming(true);
    const ref = { payment_id: paymentId, order_id: orderId };
    await confirmOnce(ref);
    navigate(`${paths.paymentSuccess}?${returnQuery(ref)}`);
  };

  const onCancel = (orderId: string | null) => {
    setNotice(t('payments.paypal.cancelled'));
    const paymentId = orderId ? orders.current.get(orderId) : undefined;
    if (orderId && paymentId) void cancelPayment({ payment_id: paymentId, order_id: orderId }).catch(() => undefined);
  };

  const onError = () => {
    setConfirming(false);
    if (explained.current) {
      explained.current = false;
      return;
    }
    showError(t('payments.error.generic'));
  };

  return { notice, confirming, handlers: { onClick, createOrder, onApprove, onCancel, onError } };
}
