/**
 * Tests only: a stand-in for @paypal/react-paypal-js (`vi.mock('@paypal/react-paypal-js', () =>
 * import('../test-paypal-sdk'))`). No script is loaded; PayPal's buttons are plain buttons that call
 * what PayPal would: "PayPal" is a donor's press (onClick, then createOrder unless rejected), "Create
 * order" calls createOrder alone, "Approve in PayPal" / "Close PayPal" / "PayPal fails" call onApprove
 * with the last order id, onCancel and onError. The answer of the last step shows in an <output>.
 */
import { useState, type ReactNode } from 'react';
import type { PayPalButtonsComponentProps, ReactPayPalScriptOptions } from '@paypal/react-paypal-js';

export const fakePaypal = {
  /** The script failed to load (blocked by the CSP, offline). */
  rejected: false,
  /** The options each PayPalScriptProvider was given. */
  options: [] as ReactPayPalScriptOptions[],
  reset() {
    this.rejected = false;
    this.options = [];
  },
};

export function PayPalScriptProvider({ options, children }: { options: ReactPayPalScriptOptions; children?: ReactNode }) {
  fakePaypal.options.push(options);
  return <>{children}</>;
}

export function usePayPalScriptReducer() {
  const rejected = fakePaypal.rejected;
  return [{ isInitial: false, isPending: false, isRejected: rejected, isResolved: !rejected, options: {} }, () => undefined] as const;
}

export function PayPalButtons({ disabled, onClick, createOrder, onApprove, onCancel, onError }: PayPalButtonsComponentProps) {
  const [orderId, setOrderId] = useState('');
  const [log, setLog] = useState('');

  const order = async () => {
    try {
      const id = await createOrder!({ paymentSource: 'paypal' }, { order: { create: () => Promise.reject(new Error('client-side orders are not used')) } });
      setOrderId(id);
      setLog(`order ${id}`);
    } catch (error) {
      setLog('no order');
      onError?.({ message: error instanceof Error ? error.message : String(error) });
    }
  };

  const press = async () => {
    let go = true;
    await onClick?.({}, { resolve: async () => void (go = true), reject: async () => void (go = false) });
    if (!go) return setLog('rejected');
    await order();
  };

  return (
    <div data-testid="paypal-buttons" data-disabled={String(Boolean(disabled))}>
      <button type="button" disabled={disabled} onClick={() => void press()}>
        PayPal
      </button>
      <button type="button" onClick={() => void order()}>
        Create order
      </button>
      <button type="button" onClick={() => void onApprove!({ orderID: orderId }, {} as never).then(() => setLog('approved'))}>
        Approve in PayPal
      </button>
      <button type="button" onClick={() => onCancel!({ orderID: orderId }, {} as never)}>
        Close PayPal
      </button>
      <button type="button" onClick={() => onError!({ message: 'Window closed unexpectedly' })}>
        PayPal fails
      </button>
      <output>{log}</output>
    </div>
  );
}
