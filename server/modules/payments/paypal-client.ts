/**
 * A small typed client of PayPal's REST API (OAuth client credentials, Orders v2, Payments v2 refunds,
 * webhook signature verification) over fetch. The same code talks to PayPal (sandbox or live) and to
 * the local stand-in (server/modules/paypal-standin); only the base URL and the transport differ.
 * Writes carry `PayPal-Request-Id`, so a retried create, capture or refund is answered once.
 * Docs: https://developer.paypal.com/docs/api/orders/v2/, /docs/api/payments/v2/#captures_refund,
 * /docs/api/webhooks/v1/#verify-webhook-signature_post.
 */
export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<{
  status: number;
  text(): Promise<string>;
}>;

export interface PaypalClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: FetchLike;
  /** Each call gives up after this long (PAYMENT_PROVIDER_UNAVAILABLE). */
  timeoutMs?: number;
  /** Tries after the first for a 429, a 5xx or a failed connection (default 2), with the same PayPal-Request-Id. */
  retries?: number;
  /** First wait before a retry, doubling (default 500 ms). */
  retryDelayMs?: number;
}

/** PayPal answered with an error (4xx/5xx): its name and first issue, e.g. UNPROCESSABLE_ENTITY / INSTRUMENT_DECLINED. */
export class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly name: string,
    readonly issue: string | null,
    readonly debugId: string | null,
    /** The HATEOAS links of the error (a decline's `redirect`: where the payer chooses another funding source). */
    readonly links: { rel: string; href: string }[] = [],
  ) {
    super(`PayPal ${status} ${name}${issue ? ` ${issue}` : ''}`);
  }
}

/** No answer in time, no connection, or a 5xx: whether the call took effect is unknown. */
export class PaypalUnavailable extends Error {
  constructor(
    message: string,
    /** Our own timeout ran out (not retried: the call may still be running at PayPal). */
    readonly timedOut = false,
  ) {
    super(message);
  }
}

export interface PaypalAmount {
  currency_code: string;
  value: string;
}

export interface PaypalCapture {
  id: string;
  status: string;
  amount: PaypalAmount;
  custom_id?: string;
  invoice_id?: string;
  create_time?: string;
}

export interface PaypalOrder {
  id: string;
  status: 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
  links?: { rel: string; href: string; method?: string }[];
  purchase_units?: { custom_id?: string; amount?: PaypalAmount; payments?: { captures?: PaypalCapture[] } }[];
}

export interface PaypalRefund {
  id: string;
  /** CANCELLED | FAILED | PENDING | COMPLETED (payments_payment_v2 refund_status). */
  status: string;
  status_details?: { reason?: string };
  amount?: PaypalAmount;
}

export interface CreateOrderInput {
  requestId: string;
  amountCents: number;
  customId: string;
  invoiceId: string;
  description: string;
  brandName: string;
  returnUrl: string;
  cancelUrl: string;
}

export interface WebhookCheck {
  headers: Record<string, string | string[] | undefined>;
  webhookId: string;
  event: unknown;
}

export function centsToValue(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function valueToCents(value: string | undefined): number {
  return Math.round(Number(value ?? '0') * 100);
}

function header(headers: WebhookCheck['headers'], name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

export interface PaypalClient {
  token(): Promise<string>;
  createOrder(input: CreateOrderInput): Promise<PaypalOrder>;
  getOrder(orderId: string): Promise<PaypalOrder>;
  captureOrder(orderId: string, requestId: string): Promise<PaypalOrder>;
  refundCapture(captureId: string, input: { requestId: string; amountCents: number | null; invoiceId?: string; note?: string }): Promise<PaypalRefund>;
  /** GET /v2/payments/refunds/{id}: a refund as PayPal knows it now. */
  getRefund(refundId: string): Promise<PaypalRefund>;
  verifyWebhook(check: WebhookCheck): Promise<boolean>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createPaypalClient(options: PaypalClientOptions): PaypalClient {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const retries = options.retries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 500;
  let cached: { token: string; until: number } | null = null;

  /**
   * One call, with PayPal's recovery rules: a 401 on a bearer call refreshes the token once; a 429, a
   * 5xx or a failed connection is tried again after a wait (doubling), with the same headers (so the
   * same PayPal-Request-Id: a write that did happen is answered, not done twice). Our own timeout is
   * not retried: its outcome is unknown and the caller says so.
   */
  async function call<T>(method: string, path: string, init: { headers?: Record<string, string>; body?: string; auth?: string } = {}): Promise<T> {
    let refreshed = false;
    let attempt = 0;
    for (;;) {
      try {
        return await callOnce<T>(method, path, init);
      } catch (error) {
        if (error instanceof PaypalError && error.status === 401 && init.auth === undefined && !refreshed) {
          refreshed = true;
          cached = null;
          continue;
        }
        const retryable = (error instanceof PaypalError && error.status === 429) || (error instanceof PaypalUnavailable && !error.timedOut);
        if (!retryable || attempt >= retries) throw error;
        await sleep(retryDelayMs * 2 ** attempt);
        attempt++;
      }
    }
  }

  async function callOnce<T>(method: string, path: string, init: { headers?: Record<string, string>; body?: string; auth?: string }): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await options.fetch(`${options.baseUrl}${path}`, {
        method,
        headers: { accept: 'application/json', authorization: init.auth ?? `Bearer ${await token()}`, ...init.headers },
        ...(init.body === undefined ? {} : { body: init.body }),
        signal: controller.signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (error instanceof PaypalError || error instanceof PaypalUnavailable) throw error;
      throw new PaypalUnavailable(`PayPal did not answer ${method} ${path}: ${error instanceof Error ? error.message : String(error)}`, controller.signal.aborted);
    } finally {
      clearTimeout(timer);
    }
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      if (status < 400) throw new PaypalUnavailable(`PayPal answered ${method} ${path} with no JSON`);
    }
    if (status >= 500) throw new PaypalUnavailable(`PayPal answered ${status} to ${method} ${path}`);
    if (status >= 400) {
      const details = Array.isArray(body.details) ? (body.details as { issue?: string }[]) : [];
      const name = String(body.name ?? body.error ?? 'ERROR');
      const links = Array.isArray(body.links) ? (body.links as { rel?: unknown; href?: unknown }[]).filter((l) => typeof l.rel === 'string' && typeof l.href === 'string') : [];
      throw new PaypalError(
        status,
        name,
        details[0]?.issue ?? (typeof body.error === 'string' ? body.error : null),
        typeof body.debug_id === 'string' ? body.debug_id : null,
        links as { rel: string; href: string }[],
      );
    }
    return body as T;
  }

  async function token(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const answer = await call<{ access_token: string; expires_in: number }>('POST', '/v1/oauth2/token', {
      auth: `Basic ${basic}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    cached = { token: answer.access_token, until: Date.now() + Math.max(0, answer.expires_in - 60) * 1000 };
    return cached.token;
  }

  const json = (requestId?: string) => ({ 'content-type': 'application/json', ...(requestId ? { 'paypal-request-id': requestId } : {}) });

  return {
    token,
    createOrder: (input) =>
      call<PaypalOrder>('POST', '/v2/checkout/orders', {
        headers: { ...json(input.requestId), prefer: 'return=representation' },
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.customId,
              custom_id: input.customId,
              invoice_id: input.invoiceId,
              description: input.description.slice(0, 127),
              amount: { currency_code: 'USD', value: centsToValue(input.amountCents) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                brand_name: input.brandName.slice(0, 127),
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
              },
            },
          },
        }),
      }),
    getOrder: (orderId) => call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`),
    captureOrder: (orderId, requestId) =>
      call<PaypalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, { headers: { ...json(requestId), prefer: 'return=representation' }, body: '{}' }),
    refundCapture: (captureId, input) =>
      call<PaypalRefund>('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        headers: { ...json(input.requestId), prefer: 'return=representation' },
        body: JSON.stringify({
          ...(input.amountCents === null ? {} : { amount: { currency_code: 'USD', value: centsToValue(input.amountCents) } }),
          ...(input.invoiceId ? { invoice_id: input.invoiceId } : {}),
          ...(input.note ? { note_to_payer: input.note.slice(0, 255) } : {}),
        }),
      }),
    getRefund: (refundId) => call<PaypalRefund>('GET', `/v2/payments/refunds/${encodeURIComponent(refundId)}`),
    async verifyWebhook(check) {
      const answer = await call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', {
        headers: json(),
        body: JSON.stringify({
          auth_algo: header(check.headers, 'paypal-auth-algo'),
          cert_url: header(check.headers, 'paypal-cert-url'),
          transmission_id: header(check.headers, 'paypal-transmission-id'),
          transmission_sig: header(check.headers, 'paypal-transmission-sig'),
          transmission_time: header(check.headers, 'paypal-transmission-time'),
          webhook_id: check.webhookId,
          webhook_event: check.event,
        }),
      });
      return answer.verification_status === 'SUCCESS';
    },
  };
}

/** The captures of an order (its first purchase unit). */
export function capturesOf(order: PaypalOrder): PaypalCapture[] {
  return order.purchase_units?.[0]?.payments?.captures ?? [];
}

export function approveLinkOf(order: PaypalOrder): string | null {
  return order.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href ?? null;
}
