/**
 * PayPal's Smart Buttons (JS SDK through @paypal/react-paypal-js) for a campaign whose gateway runs on
 * real PayPal (sandbox or live). Loaded lazily by the giving form, so the library and PayPal's script
 * reach the browser only on a giving page that uses them. The order is made and captured by our server
 * (the callbacks come from use-paypal-checkout.ts); PayPal only shows its window for the donor to approve.
 */
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer, type ReactPayPalScriptOptions } from '@paypal/react-paypal-js';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/donor-catalogue';
import styles from '../payments.module.css';
import { PaypalLoading } from './giving-parts';

export interface PaypalButtonsProps {
  /** The campaign's PayPal client id (GivingPage.giving.client_id). */
  clientId: string;
  /** While a payment is being confirmed, the buttons wait. */
  disabled: boolean;
  /** What happens next (or that the payment is being confirmed), under the buttons. */
  hint: string;
  /** The press: whether the form is valid (PayPal's window opens only then). */
  onClick: () => Promise<boolean>;
  /** Makes the order on our server; answers PayPal's order id. */
  createOrder: () => Promise<string>;
  onApprove: (orderId: string) => Promise<void>;
  onCancel: (orderId: string | null) => void;
  onError: (error: unknown) => void;
  /** Shown instead when PayPal's script cannot load (blocked, offline): the redirect to PayPal's page. */
  fallback: ReactNode;
}

export default function PaypalCheckoutButtons({ clientId, ...rest }: PaypalButtonsProps) {
  const options = useMemo<ReactPayPalScriptOptions>(() => ({ clientId, currency: 'USD', intent: 'capture', components: 'buttons' }), [clientId]);
  return (
    <PayPalScriptProvider options={options}>
      <Buttons {...rest} />
    </PayPalScriptProvider>
  );
}

function Buttons({ disabled, hint, onClick, createOrder, onApprove, onCancel, onError, fallback }: Omit<PaypalButtonsProps, 'clientId'>) {
  const { t } = useTranslation();
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isRejected) return <>{fallback}</>;
  return (
    <div role="group" aria-label={t('payments.paypal.label')} aria-busy={isPending || disabled || undefined} className={styles.paypal}>
      {isPending && <PaypalLoading />}
      <PayPalButtons
        style={{ layout: 'vertical', shape: 'rect' }}
        disabled={disabled}
        onClick={async (_data, actions) => ((await onClick()) ? actions.resolve() : actions.reject())}
        createOrder={() => createOrder()}
        onApprove={(data) => onApprove(data.orderID)}
        onCancel={(data) => onCancel(typeof data.orderID === 'string' ? data.orderID : null)}
        onError={(error) => onError(error)}
      />
      <p className={styles.hint} role="status">
        {hint}
      </p>
    </div>
  );
}
