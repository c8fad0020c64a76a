/**
 * The REST calls of the stand-in, under the `/paypal-standin` prefix (so a client's base URL is
 * `${publicUrl}/paypal-standin`): OAuth, Orders v2, Payments v2 captures and refunds, and the webhook
 * signature check. Every call first meets the test faults (failNext / hangNext), then the bearer check.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { issueToken, requireClient } from './standin-auth';
import { requestEmitter, type Standin } from './standin-context';
import { issues, paypalError } from './standin-errors';
import { bodyObject, requestIdOf, wantsMinimal } from './standin-input';
import { captureOrder, createOrder, showOrder } from './standin-orders';
import { refundCapture, showCapture, showRefund } from './standin-payments';
import { ORDER_ID_PATTERN } from './standin-records';
import { minimalOrderShape, minimalRefundShape, orderShape, paymentsCaptureShape, refundShape } from './standin-shapes';
import { CERT_ID, standinSigningKey } from './standin-signature';
import { verifyWebhookSignature } from './standin-verify';

/** Public: the stand-in is PayPal's stand-in, its callers authenticate the PayPal way. Not counted by the app's rate limit. */
export const STANDIN_ROUTE = { config: { access: 'public' as const, rateLimit: false as const } };

/** The `:id` of the path, 404 (the resource's PayPal error) when it cannot be an id. */
function idParam(request: FastifyRequest, field: string): string {
  const id = (request.params as { id?: unknown }).id;
  if (typeof id !== 'string' || !ORDER_ID_PATTERN.test(id)) throw paypalError(404, [issues.notFound(field, typeof id === 'string' ? id.slice(0, 100) : '')]);
  return id;
}

export function registerApiRoutes(app: FastifyInstance, standin: Standin): void {
  const { base } = standin;

  app.post('/v1/oauth2/token', STANDIN_ROUTE, async (request) => {
    await standin.faults.apply('token');
    return issueToken(standin, request);
  });

  app.post('/v2/checkout/orders', STANDIN_ROUTE, async (request, reply) => {
    await standin.faults.apply('create');
    const clientId = await requireClient(standin, request);
    const order = await createOrder(standin, clientId, request, requestIdOf(request));
    return reply.code(201).send(wantsMinimal(request) ? minimalOrderShape(base, order.id, order.data) : orderShape(base, order.id, order.data));
  });

  app.get('/v2/checkout/orders/:id', STANDIN_ROUTE, async (request) => {
    await standin.faults.apply('get');
    const clientId = await requireClient(standin, request);
    const order = await showOrder(standin, clientId, idParam(request, 'order_id'));
    return orderShape(base, order.id, order.data);
  });

  app.post('/v2/checkout/orders/:id/capture', STANDIN_ROUTE, async (request, reply) => {
    await standin.faults.apply('capture');
    const clientId = await requireClient(standin, request);
    const orderId = idParam(request, 'order_id');
    bodyObject(request); // `{}`, `{ payment_source }` or nothing: all fine
    const order = await captureOrder(standin, clientId, orderId, requestIdOf(request), requestEmitter(standin, request));
    await standin.faults.afterEffect('capture'); // a test may have asked for this answer to be lost
    return reply.code(201).send(orderShape(base, order.id, order.data));
  });

  app.get('/v2/payments/captures/:id', STANDIN_ROUTE, async (request) => {
    await standin.faults.apply('get');
    const clientId = await requireClient(standin, request);
    const order = await showCapture(standin, clientId, idParam(request, 'capture_id'));
    return paymentsCaptureShape(base, order.id, order.data, order.data.capture!);
  });

  app.post('/v2/payments/captures/:id/refund', STANDIN_ROUTE, async (request, reply) => {
    await standin.faults.apply('refund');
    const clientId = await requireClient(standin, request);
    const captureId = idParam(request, 'capture_id');
    const body = bodyObject(request);
    const { refund, order } = await refundCapture(standin, { captureId, clientId, requestId: requestIdOf(request), body }, requestEmitter(standin, request));
    return reply.code(201).send(wantsMinimal(request) ? minimalRefundShape(base, refund.id, refund.data) : refundShape(base, refund.id, refund.data, order.data));
  });

  app.get('/v2/payments/refunds/:id', STANDIN_ROUTE, async (request) => {
    await standin.faults.apply('get');
    const clientId = await requireClient(standin, request);
    const { refund, order } = await showRefund(standin, clientId, idParam(request, 'refund_id'));
    return refundShape(base, refund.id, refund.data, order.data);
  });

  app.post('/v1/notifications/verify-webhook-signature', STANDIN_ROUTE, async (request) => {
    await standin.faults.apply('verify');
    const clientId = await requireClient(standin, request);
    return verifyWebhookSignature(standin, clientId, bodyObject(request));
  });

  // The paypal-cert-url of deliveries: the public half of the key that signs them (PEM; PayPal serves a PEM certificate).
  app.get('/v1/notifications/certs/:id', STANDIN_ROUTE, async (request, reply) => {
    if ((request.params as { id?: unknown }).id !== CERT_ID) throw paypalError(404, [issues.notFound('cert_id', '')]);
    return reply.type('application/x-pem-file').send((await standinSigningKey(standin.app)).public_pem);
  });
}
