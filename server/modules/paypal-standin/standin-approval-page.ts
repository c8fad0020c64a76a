/**
 * The stand-in's approval page, where PayPal would show its checkout: GET /paypal-standin/checkoutnow?token=ORDER
 * and the payer's choice, POST /paypal-standin/checkoutnow/ORDER (form-encoded `choice=approve|cancel|decline`)
 * → 303 to the order's return_url (?token=…&PayerID=…) or cancel_url (?token=…).
 *
 * Self-contained HTML: no script (the site's CSP allows only same-origin script files), an inline
 * <style>, a form that posts to this origin. The banner "Test payments: no money moves" tops every page.
 * Errors answer HTML to a browser and PayPal-shaped JSON to a client that asks for JSON only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TEST_PAYMENTS_LABEL } from '../../../domain/payments/api-contract';
import { STANDIN_ROUTE } from './standin-api-routes';
import { requestEmitter, type Standin } from './standin-context';
import { issues, paypalError } from './standin-errors';
import { isObject } from './standin-input';
import { choose, type PayerChoice } from './standin-orders';
import { findObject, type StandinObject } from './standin-repository';
import { ORDER_ID_PATTERN } from './standin-records';

const CHOICES: readonly PayerChoice[] = ['approve', 'cancel', 'decline'];

const CSS = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;font-size:100%;line-height:1.5;color:#1a1a1a;background:#f4f5f7}
body{margin:0}
.banner{margin:0;padding:1rem;background:#ffd400;color:#1a1a1a;border-bottom:4px solid #1a1a1a;text-align:center;font-size:1.375rem;font-weight:800;letter-spacing:.01em}
main{max-width:32rem;margin:1.5rem auto;padding:1.25rem;background:#fff;border:1px solid #c9ccd1;border-radius:.5rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
dl{margin:0 0 1.25rem}
dl div{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem 1rem;padding:.5rem 0;border-bottom:1px solid #e3e5e8}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
.amount{font-size:1.25rem;font-weight:700}
fieldset{border:0;margin:0;padding:0}
legend{font-weight:600;margin-bottom:.75rem;padding:0}
.actions{display:grid;gap:.75rem}
button{font:inherit;font-weight:600;min-height:3rem;padding:.625rem 1rem;border-radius:.375rem;border:2px solid #0b57d0;background:#fff;color:#0b57d0;cursor:pointer;width:100%}
button.primary{background:#0b57d0;color:#fff}
button.danger{border-color:#a50e0e;color:#a50e0e}
button:hover{text-decoration:underline}
button:focus-visible,a:focus-visible{outline:3px solid #1a1a1a;outline-offset:3px;box-shadow:0 0 0 3px #fff}
.note{margin:1.25rem 0 0;font-size:.9375rem;color:#44474d}
@media (max-width:400px){main{margin:0;border-radius:0;border-width:0 0 1px}.banner{font-size:1.25rem}}
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

function usd(cents: number): string {
  return `${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)} USD`;
}

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · PayPal stand-in</title>
<style>${CSS}</style>
</head>
<body>
<header><p class="banner">${escapeHtml(TEST_PAYMENTS_LABEL)}</p></header>
<main>
${content}
</main>
</body>
</html>
`;
}

function merchantOf(order: StandinObject<'order'>): string {
  return order.data.experience.brand_name || 'Test merchant';
}

export function checkoutPage(order: StandinObject<'order'>): string {
  const unit = order.data.purchase_unit;
  const merchant = escapeHtml(merchantOf(order));
  return page(
    `Pay ${merchantOf(order)}`,
    `<h1>Pay ${merchant}</h1>
<dl>
<div><dt>Merchant</dt><dd>${merchant}</dd></div>
<div><dt>Amount</dt><dd class="amount">${escapeHtml(usd(unit.amount_cents))}</dd></div>
${unit.description ? `<div><dt>For</dt><dd>${escapeHtml(unit.description)}</dd></div>` : ''}
</dl>
<form method="post" action="/paypal-standin/checkoutnow/${encodeURIComponent(order.id)}">
<fieldset>
<legend>What does the test payer do?</legend>
<div class="actions">
<button type="submit" name="choice" value="approve" class="primary">Approve</button>
<button type="submit" name="choice" value="cancel">Cancel</button>
<button type="submit" name="choice" value="decline" class="danger">Decline the payment</button>
</div>
</fieldset>
</form>
<p class="note">This page stands in for PayPal because this server has no PayPal credentials. “Decline the payment” approves the order but makes its capture fail, as when a bank declines a card.</p>`,
  );
}

function messagePage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}

/** A browser gets HTML; a client asking for JSON only gets PayPal's JSON error. */
function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('json') && !accept.includes('text/html');
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

function notFound(request: FastifyRequest, reply: FastifyReply, orderId: string): FastifyReply {
  if (wantsJson(request)) throw paypalError(404, [issues.notFound('token', orderId.slice(0, 100))]);
  return sendHtml(reply, 404, messagePage('Payment not found', 'This payment does not exist or has expired. Go back to the merchant and start again.'));
}

const ALREADY_PAID = 'This payment is already complete. Nothing more to do here: you can go back to the merchant.';

/**
 * Like PayPal, the page sends the browser on to the merchant's return or cancel URL, which may be on
 * another origin than this page (the app opened at 127.0.0.1 while PUBLIC_URL says localhost): the
 * CSP's form-action also governs where a form's redirect may go, so this page's policy names them.
 */
function allowFormRedirects(reply: FastifyReply, order: StandinObject<'order'>): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  const origins = new Set<string>();
  for (const target of [order.data.experience.return_url, order.data.experience.cancel_url]) {
    if (!target) continue;
    const url = new URL(target);
    if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
  }
  if (origins.size === 0) return;
  void reply.header('content-security-policy', policy.replace(/(^|;)\s*form-action ([^;]*)/, (_all, start: string, sources: string) => `${start}form-action ${sources} ${[...origins].join(' ')}`));
}

export function registerApprovalPage(app: FastifyInstance, standin: Standin): void {
  app.get('/checkoutnow', STANDIN_ROUTE, async (request, reply) => {
    const token = (request.query as Record<string, unknown>).token;
    const orderId = typeof token === 'string' && ORDER_ID_PATTERN.test(token) ? token : null;
    const order = orderId ? await findObject(standin.app.db, 'order', orderId) : null;
    if (!order || order.data.status === 'VOIDED') return notFound(request, reply, typeof token === 'string' ? token : '');
    if (order.data.status === 'COMPLETED') return sendHtml(reply, 200, messagePage('Already paid', ALREADY_PAID));
    allowFormRedirects(reply, order);
    return sendHtml(reply, 200, checkoutPage(order));
  });

  app.post('/checkoutnow/:id', STANDIN_ROUTE, async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const body = request.body;
    const choice = isObject(body) ? body.choice : undefined;
    if (typeof choice !== 'string' || !(CHOICES as readonly string[]).includes(choice)) {
      if (wantsJson(request)) throw paypalError(400, [issues.badValue('/choice', typeof choice === 'string' ? choice : undefined)]);
      return sendHtml(reply, 400, messagePage('Choose what to do', 'Go back and press Approve, Cancel or Decline the payment.'));
    }
    if (!ORDER_ID_PATTERN.test(id)) return notFound(request, reply, id);
    const outcome = await choose(standin, id, choice as PayerChoice, requestEmitter(standin, request));
    switch (outcome.kind) {
      case 'redirect':
        return reply.header('cache-control', 'no-store').redirect(outcome.location, 303);
      case 'not-found':
        return notFound(request, reply, id);
      case 'already-paid':
        if (wantsJson(request)) throw paypalError(409, [{ issue: 'ORDER_ALREADY_CAPTURED', description: ALREADY_PAID }]);
        return sendHtml(reply, 409, messagePage('Already paid', ALREADY_PAID));
      case 'done':
        return sendHtml(
          reply,
          200,
          outcome.choice === 'cancel'
            ? messagePage('Payment cancelled', `You cancelled the payment to ${merchantOf(outcome.order)}. You can close this window.`)
            : messagePage('Payment approved', `You approved the payment to ${merchantOf(outcome.order)}. You can close this window and go back to the merchant.`),
        );
    }
  });
}
