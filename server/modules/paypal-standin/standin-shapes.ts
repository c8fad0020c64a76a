/**
 * PayPal's JSON shapes (Orders v2, Payments v2) rendered from the stored records. `base` is the
 * stand-in's base URL (`${publicUrl}/paypal-standin`), used in every HATEOAS link.
 */
import { money, paypalFeeCents } from './standin-money';
import { ACCOUNT_ID_ALPHABET, type CaptureData, type OrderData, type PayerData, type RefundData } from './standin-records';

interface Link {
  href: string;
  rel: string;
  method: 'GET' | 'POST';
}

const link = (href: string, rel: string, method: Link['method'] = 'GET'): Link => ({ href, rel, method });

/** The merchant every order is paid to (derived from the client id, stable). */
function payee(clientId: string) {
  // 13 characters of PayPal's account id alphabet, derived from the client id (stable).
  let hash = 0;
  let id = '';
  for (let i = 0; id.length < 13; i++) {
    for (const char of `${clientId}:${i}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
    id += ACCOUNT_ID_ALPHABET[hash % ACCOUNT_ID_ALPHABET.length];
  }
  return { email_address: 'merchant@standin.example', merchant_id: id };
}

export function approveUrl(base: string, orderId: string): string {
  return `${base}/checkoutnow?token=${encodeURIComponent(orderId)}`;
}

function payerShape(payer: PayerData) {
  return {
    name: { given_name: payer.given_name, surname: payer.surname },
    email_address: payer.email_address,
    payer_id: payer.payer_id,
    address: { country_code: 'US' },
  };
}

function orderLinks(base: string, orderId: string, order: OrderData): Link[] {
  const self = link(`${base}/v2/checkout/orders/${orderId}`, 'self');
  switch (order.status) {
    case 'CREATED':
      // PayPal also lists `update` (PATCH); the stand-in has no PATCH, so it does not offer one.
      return [self, link(approveUrl(base, orderId), 'approve'), link(`${self.href}/capture`, 'capture', 'POST')];
    case 'PAYER_ACTION_REQUIRED':
      return [self, link(approveUrl(base, orderId), 'payer-action')];
    case 'APPROVED':
      return [self, link(`${self.href}/capture`, 'capture', 'POST')];
    default:
      return [self];
  }
}

/** A capture as it appears inside its order (`purchase_units[0].payments.captures[]`). */
export function captureShape(base: string, orderId: string, order: OrderData, capture: CaptureData) {
  const fee = paypalFeeCents(capture.amount_cents);
  const unit = order.purchase_unit;
  return {
    id: capture.id,
    status: capture.status,
    ...(capture.reason ? { status_details: { reason: capture.reason } } : {}),
    amount: money(capture.amount_cents),
    final_capture: true,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    seller_receivable_breakdown: {
      gross_amount: money(capture.amount_cents),
      paypal_fee: money(fee),
      net_amount: money(capture.amount_cents - fee),
    },
    ...(unit.custom_id !== undefined ? { custom_id: unit.custom_id } : {}),
    ...(unit.invoice_id !== undefined ? { invoice_id: unit.invoice_id } : {}),
    links: [
      link(`${base}/v2/payments/captures/${capture.id}`, 'self'),
      link(`${base}/v2/payments/captures/${capture.id}/refund`, 'refund', 'POST'),
      link(`${base}/v2/checkout/orders/${orderId}`, 'up'),
    ],
    create_time: capture.create_time,
    update_time: capture.update_time,
  };
}

/** A capture as Payments v2 answers it (GET /v2/payments/captures/:id, webhook resources): with the order id. */
export function paymentsCaptureShape(base: string, orderId: string, order: OrderData, capture: CaptureData) {
  return { ...captureShape(base, orderId, order, capture), supplementary_data: { related_ids: { order_id: orderId } } };
}

export function orderShape(base: string, orderId: string, order: OrderData) {
  const unit = order.purchase_unit;
  const purchaseUnit = {
    reference_id: unit.reference_id,
    amount: unit.amount,
    payee: payee(order.client_id),
    ...(unit.description !== undefined ? { description: unit.description } : {}),
    ...(unit.custom_id !== undefined ? { custom_id: unit.custom_id } : {}),
    ...(unit.invoice_id !== undefined ? { invoice_id: unit.invoice_id } : {}),
    ...(unit.soft_descriptor !== undefined ? { soft_descriptor: unit.soft_descriptor } : {}),
    ...(unit.items !== undefined ? { items: unit.items } : {}),
    ...(order.capture ? { payments: { captures: [captureShape(base, orderId, order, order.capture)] } } : {}),
  };
  const payer = order.payer ? payerShape(order.payer) : null;
  return {
    id: orderId,
    intent: order.intent,
    status: order.status,
    ...(order.payment_source_paypal || payer
      ? {
          payment_source: {
            paypal: payer
              ? { email_address: payer.email_address, account_id: payer.payer_id, account_status: 'VERIFIED', name: payer.name, address: payer.address }
              : {},
          },
        }
      : {}),
    purchase_units: [purchaseUnit],
    ...(payer ? { payer } : {}),
    create_time: order.create_time,
    ...(order.update_time !== order.create_time ? { update_time: order.update_time } : {}),
    links: orderLinks(base, orderId, order),
  };
}

/** `Prefer: return=minimal` (PayPal's default for a create): id, status and links. */
export function minimalOrderShape(base: string, orderId: string, order: OrderData) {
  return { id: orderId, status: order.status, links: orderLinks(base, orderId, order) };
}

export function refundShape(base: string, refundId: string, refund: RefundData, order: OrderData) {
  const capture = order.capture;
  const captureFee = capture ? paypalFeeCents(capture.amount_cents) : 0;
  // The fee is given back in proportion (PayPal keeps it on some refunds; this stand-in returns it).
  const feeBack = capture ? Math.round((captureFee * refund.amount_cents) / capture.amount_cents) : 0;
  const invoiceId = refund.invoice_id ?? order.purchase_unit.invoice_id;
  return {
    id: refundId,
    status: refund.status,
    ...(refund.status === 'PENDING' ? { status_details: { reason: 'ECHECK' } } : {}),
    amount: money(refund.amount_cents),
    ...(refund.note_to_payer !== undefined ? { note_to_payer: refund.note_to_payer } : {}),
    seller_payable_breakdown: {
      gross_amount: money(refund.amount_cents),
      paypal_fee: money(feeBack),
      net_amount: money(refund.amount_cents - feeBack),
      total_refunded_amount: money(capture?.refunded_cents ?? refund.amount_cents),
    },
    ...(order.purchase_unit.custom_id !== undefined ? { custom_id: order.purchase_unit.custom_id } : {}),
    ...(invoiceId !== undefined ? { invoice_id: invoiceId } : {}),
    create_time: refund.create_time,
    update_time: refund.update_time,
    links: [link(`${base}/v2/payments/refunds/${refundId}`, 'self'), link(`${base}/v2/payments/captures/${refund.capture_id}`, 'up')],
  };
}

export function minimalRefundShape(base: string, refundId: string, refund: RefundData) {
  return {
    id: refundId,
    status: refund.status,
    links: [link(`${base}/v2/payments/refunds/${refundId}`, 'self'), link(`${base}/v2/payments/captures/${refund.capture_id}`, 'up')],
  };
}
