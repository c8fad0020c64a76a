/**
 * Orders v2 of the stand-in: create (idempotent by PayPal-Request-Id), show, capture (one capture per
 * order, even when two arrive at once: the order row is locked), and the payer's choice on the
 * approval page (approve, cancel, decline).
 */
import type { FastifyRequest } from 'fastify';
import type { Emit, Standin } from './standin-context';
import { issues, paypalError } from './standin-errors';
import { bodyObject, isObject, optionalText, optionalUrl, type Json } from './standin-input';
import { parseAmount, money } from './standin-money';
import { findByIdempotencyKey, findObject, findOrderByCaptureId, insertObject, invoiceAlreadyCaptured, lockOrder, updateObjectData, type StandinObject } from './standin-repository';
import { payerId, paypalId, type CaptureData, type ExperienceData, type OrderData, type PurchaseUnitData } from './standin-records';
import { approveUrl, orderShape, paymentsCaptureShape } from './standin-shapes';

const ID_ATTEMPTS = 3;

function orderNotFound(orderId: string) {
  return paypalError(404, [issues.notFound('order_id', orderId)]);
}

function purchaseUnitOf(body: Json): PurchaseUnitData {
  const units = body.purchase_units;
  if (units === undefined) throw paypalError(400, [issues.missing('/purchase_units')]);
  if (!Array.isArray(units) || units.length === 0) throw paypalError(400, [issues.syntax('/purchase_units')]);
  if (units.length > 1) {
    throw paypalError(422, [{ field: '/purchase_units', location: 'body', issue: 'INVALID_ARRAY_MAX_ITEMS', description: 'This test stand-in takes one purchase unit per order.' }]);
  }
  const unit: unknown = units[0];
  if (!isObject(unit)) throw paypalError(400, [issues.syntax('/purchase_units/0')]);
  const amountCents = parseAmount(unit.amount, '/purchase_units/0/amount');
  if (typeof amountCents !== 'number') throw amountCents;
  const amount = unit.amount as Json;
  const items = unit.items;
  if (items !== undefined && (!Array.isArray(items) || items.length > 100)) throw paypalError(400, [issues.syntax('/purchase_units/0/items')]);
  const text = (key: string, max: number) => optionalText(unit, key, `/purchase_units/0/${key}`, max);
  return {
    reference_id: text('reference_id', 256) ?? 'default',
    custom_id: text('custom_id', 127),
    invoice_id: text('invoice_id', 127),
    description: text('description', 127),
    soft_descriptor: text('soft_descriptor', 22),
    amount_cents: amountCents,
    amount: { ...(isObject(amount.breakdown) ? { breakdown: amount.breakdown } : {}), ...money(amountCents) },
    ...(items !== undefined ? { items } : {}),
  };
}

function experienceOf(source: unknown, path: string): ExperienceData {
  if (source === undefined || source === null) return {};
  if (!isObject(source)) throw paypalError(400, [issues.syntax(path)]);
  return {
    brand_name: optionalText(source, 'brand_name', `${path}/brand_name`, 127),
    return_url: optionalUrl(source, 'return_url', `${path}/return_url`),
    cancel_url: optionalUrl(source, 'cancel_url', `${path}/cancel_url`),
    user_action: optionalText(source, 'user_action', `${path}/user_action`, 20),
    shipping_preference: optionalText(source, 'shipping_preference', `${path}/shipping_preference`, 30),
  };
}

/** The order a create body describes (400/422 like PayPal for what it refuses). */
function newOrder(clientId: string, body: Json, now: string): OrderData {
  const intent = body.intent;
  if (intent === undefined) throw paypalError(400, [issues.missing('/intent')]);
  if (intent === 'AUTHORIZE') {
    throw paypalError(422, [{ field: '/intent', value: 'AUTHORIZE', location: 'body', issue: 'UNSUPPORTED_INTENT', description: 'This test stand-in supports intent CAPTURE only.' }]);
  }
  if (intent !== 'CAPTURE') throw paypalError(400, [issues.badValue('/intent', typeof intent === 'string' ? intent : undefined)]);
  const purchaseUnit = purchaseUnitOf(body);

  let paymentSourcePaypal = false;
  let experience = experienceOf(body.application_context, '/application_context');
  const source = body.payment_source;
  if (source !== undefined && source !== null) {
    if (!isObject(source)) throw paypalError(400, [issues.syntax('/payment_source')]);
    const kinds = Object.keys(source);
    if (kinds.some((kind) => kind !== 'paypal')) {
      throw paypalError(422, [{ field: '/payment_source', location: 'body', issue: 'PAYMENT_SOURCE_NOT_SUPPORTED', description: 'This test stand-in supports payment_source.paypal only.' }]);
    }
    if (source.paypal !== undefined) {
      if (!isObject(source.paypal)) throw paypalError(400, [issues.syntax('/payment_source/paypal')]);
      paymentSourcePaypal = true;
      const fromSource = experienceOf(source.paypal.experience_context, '/payment_source/paypal/experience_context');
      experience = { ...experience, ...Object.fromEntries(Object.entries(fromSource).filter(([, value]) => value !== undefined)) };
    }
  }
  return {
    client_id: clientId,
    intent: 'CAPTURE',
    // Like PayPal: an order made with payment_source.paypal waits for the payer (a payer-action link).
    status: paymentSourcePaypal ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
    purchase_unit: purchaseUnit,
    experience: Object.fromEntries(Object.entries(experience).filter(([, value]) => value !== undefined)),
    payment_source_paypal: paymentSourcePaypal,
    create_time: now,
    update_time: now,
  };
}

/** POST /v2/checkout/orders. The same PayPal-Request-Id answers the order it made the first time. */
export async function createOrder(standin: Standin, clientId: string, request: FastifyRequest, requestId: string | null): Promise<StandinObject<'order'>> {
  const db = standin.app.db;
  const key = requestId === null ? null : `${clientId}|${requestId}`;
  if (key) {
    const existing = await findByIdempotencyKey(db, 'order', key);
    if (existing) return existing;
  }
  const data = newOrder(clientId, bodyObject(request), standin.app.clock.now().toISOString());
  for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
    const inserted = await insertObject(db, 'order', paypalId(), data, key);
    if (inserted) return inserted;
    if (key) {
      const existing = await findByIdempotencyKey(db, 'order', key); // the same request id, at the same moment
      if (existing) return existing;
    }
  }
  throw new Error('paypal stand-in: could not pick a free order id');
}

/** The order if it belongs to `clientId` (404 RESOURCE_NOT_FOUND otherwise). */
export async function showOrder(standin: Standin, clientId: string, orderId: string): Promise<StandinObject<'order'>> {
  const order = await findObject(standin.app.db, 'order', orderId);
  if (!order || order.data.client_id !== clientId) throw orderNotFound(orderId);
  return order;
}

/**
 * POST /v2/checkout/orders/:id/capture. Exactly one capture per order: the order row is locked, a
 * second capture (another request id, or none) gets ORDER_ALREADY_CAPTURED, a retry with the same
 * request id gets the same answer. PAYMENT.CAPTURE.COMPLETED is queued once committed.
 */
export async function captureOrder(standin: Standin, clientId: string, orderId: string, requestId: string | null, emit: Emit): Promise<StandinObject<'order'>> {
  const now = standin.app.clock.now();
  const outcome = await standin.app.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.data.client_id !== clientId) throw orderNotFound(orderId);
    const data = order.data;
    if (data.status === 'COMPLETED') {
      if (requestId !== null && data.capture_request_id === requestId) return { order, fresh: false };
      throw paypalError(422, [{ issue: 'ORDER_ALREADY_CAPTURED', description: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed." }]);
    }
    if (data.status !== 'APPROVED') {
      throw paypalError(422, [
        {
          issue: 'ORDER_NOT_APPROVED',
          description:
            "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.",
        },
      ]);
    }
    if (data.declined) {
      throw paypalError(
        422,
        [{ issue: 'INSTRUMENT_DECLINED', description: "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment." }],
        [{ href: approveUrl(standin.base, orderId), rel: 'redirect', method: 'GET' }],
      );
    }
    const invoiceId = data.purchase_unit.invoice_id;
    if (invoiceId !== undefined && (await invoiceAlreadyCaptured(tx, clientId, invoiceId, orderId))) {
      throw paypalError(422, [
        {
          issue: 'DUPLICATE_INVOICE_ID',
          description: 'Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.',
        },
      ]);
    }
    const time = now.toISOString();
    // Like PayPal, a capture may come back PENDING (the order is COMPLETED, the money not yet): settlePending.
    const pending = standin.faults.takePending();
    const capture: CaptureData = {
      id: paypalId(),
      status: pending ? 'PENDING' : 'COMPLETED',
      ...(pending ? { reason: 'ECHECK' as const } : {}),
      amount_cents: data.purchase_unit.amount_cents,
      refunded_cents: 0,
      create_time: time,
      update_time: time,
    };
    const captured: OrderData = { ...data, status: 'COMPLETED', capture, capture_request_id: requestId, update_time: time };
    await updateObjectData(tx, 'order', orderId, captured, now);
    return { order: { id: orderId, data: captured }, fresh: true };
  });
  const capture = outcome.order.data.capture!;
  if (outcome.fresh) {
    const type = capture.status === 'PENDING' ? 'PAYMENT.CAPTURE.PENDING' : 'PAYMENT.CAPTURE.COMPLETED';
    emit(type, { id: orderId, clientId }, paymentsCaptureShape(standin.base, orderId, outcome.order.data, capture), capture.amount_cents);
  }
  return outcome.order;
}

/**
 * A PENDING capture clears (COMPLETED: PAYMENT.CAPTURE.COMPLETED) or is denied (DECLINED:
 * PAYMENT.CAPTURE.DENIED), as PayPal settles an eCheck or a review days later. 422 when not pending.
 */
export async function settlePending(standin: Standin, captureId: string, status: 'COMPLETED' | 'DECLINED', emit: Emit): Promise<void> {
  const now = standin.app.clock.now();
  const order = await standin.app.db.transaction(async (tx) => {
    const found = await findOrderByCaptureId(tx, captureId, true);
    if (!found?.data.capture) throw paypalError(404, [issues.notFound('capture_id', captureId)]);
    if (found.data.capture.status !== 'PENDING') throw paypalError(422, [{ issue: 'CAPTURE_NOT_PENDING', description: 'The capture is not pending.' }]);
    const time = now.toISOString();
    const { reason: _reason, ...rest } = found.data.capture;
    const data: OrderData = { ...found.data, capture: { ...rest, status, update_time: time }, update_time: time };
    await updateObjectData(tx, 'order', found.id, data, now);
    return { id: found.id, data };
  });
  const capture = order.data.capture!;
  emit(status === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED', { id: order.id, clientId: order.data.client_id }, paymentsCaptureShape(standin.base, order.id, order.data, capture), capture.amount_cents);
}

export type PayerChoice = 'approve' | 'cancel' | 'decline';

export type ChoiceOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'done'; choice: PayerChoice; order: StandinObject<'order'> }
  | { kind: 'not-found' }
  | { kind: 'already-paid'; order: StandinObject<'order'> };

const TEST_PAYER = { email_address: 'test-donor@standin.example', given_name: 'Test', surname: 'Donor' } as const;

function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The payer's choice on the approval page. approve: APPROVED with a test payer (CHECKOUT.ORDER.APPROVED
 * queued), back to return_url?token=…&PayerID=…; decline: the same, but the capture will fail with
 * INSTRUMENT_DECLINED; cancel: nothing changes, back to cancel_url?token=….
 */
export async function choose(standin: Standin, orderId: string, choice: PayerChoice, emit: Emit): Promise<ChoiceOutcome> {
  const now = standin.app.clock.now();
  const outcome = await standin.app.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.data.status === 'VOIDED') return { kind: 'not-found' as const };
    if (order.data.status === 'COMPLETED') return { kind: 'already-paid' as const, order };
    if (choice === 'cancel') return { kind: 'unchanged' as const, order, approvedNow: false };
    const data = order.data;
    const approvedNow = data.status !== 'APPROVED' || (data.declined === true) !== (choice === 'decline');
    const time = now.toISOString();
    const payer = data.payer ?? { ...TEST_PAYER, payer_id: payerId() };
    const approved: OrderData = { ...data, status: 'APPROVED', payer, declined: choice === 'decline', update_time: time };
    await updateObjectData(tx, 'order', orderId, approved, now);
    return { kind: 'unchanged' as const, order: { id: orderId, data: approved }, approvedNow };
  });
  if (outcome.kind !== 'unchanged') return outcome;

  const { order } = outcome;
  if (outcome.approvedNow) {
    emit('CHECKOUT.ORDER.APPROVED', { id: orderId, clientId: order.data.client_id }, orderShape(standin.base, orderId, order.data), order.data.purchase_unit.amount_cents);
  }
  const { return_url: returnUrl, cancel_url: cancelUrl } = order.data.experience;
  if (choice === 'cancel') return cancelUrl ? { kind: 'redirect', location: withQuery(cancelUrl, { token: orderId }) } : { kind: 'done', choice, order };
  if (!returnUrl) return { kind: 'done', choice, order };
  return { kind: 'redirect', location: withQuery(returnUrl, { token: orderId, PayerID: order.data.payer!.payer_id }) };
}
