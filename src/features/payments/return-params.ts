import { captureRequestSchema } from '../../../domain/payments/requests';

/** payment_id and token (the provider's order id) of a return address, when both are well formed. */
export function readPaymentRef(params: URLSearchParams): { payment_id: string; order_id: string } | null {
  const ref = { payment_id: params.get('payment_id') ?? '', order_id: params.get('token') ?? '' };
  return captureRequestSchema.isValidSync(ref) ? ref : null;
}

/** The query of a payment return page: payment_id, token and what else is given (empty values left out). */
export function returnQuery(ref: { payment_id: string; order_id: string }, extra: Record<string, string | null | undefined> = {}): string {
  const query = new URLSearchParams({ payment_id: ref.payment_id, token: ref.order_id });
  for (const [key, value] of Object.entries(extra)) if (value) query.set(key, value);
  return query.toString();
}
