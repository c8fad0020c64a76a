/**
 * A screenshot of the owner's reconcile page (/payment_gateway/reconcile) at 1280×800, with two
 * differences from PayPal made on demand through the stand-in's test control (PAYPAL_STANDIN_CONTROL):
 * a refund made in PayPal's dashboard whose webhook is held, and a refund whose answer never came.
 * Not a test: it writes docs/screenshots/payment-reconcile-1280.png for a person to look at.
 * Run after `npx vite build`: `npx tsx scripts/screenshot-reconcile.ts` (PORT: 3471 unless SCREENSHOT_PORT).
 */
import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright-core';
import { signInDemoOwner } from '../bench/lib/sign-in';
import { chromiumPath } from '../bench/lib/requirements';
import { startServer } from '../bench/lib/server';

const port = Number(process.env.SCREENSHOT_PORT ?? 3471);
const server = await startServer(port, { PAYPAL_STANDIN_CONTROL: 'true' });
const url = server.url;

/** The answers this script reads (the stand-in's and the API's), loosely. */
interface Answer {
  code?: string;
  data?: { payment_id: string; order_id: string; status?: string; idToken: string; campaign_id: string; donation_list: { donation_id: string; donor_name: string }[] };
  purchase_units?: { payments: { captures: { id: string }[] } }[];
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: (text.startsWith('{') ? JSON.parse(text) : {}) as Answer };
}
const control = (body: Record<string, unknown>) => call('POST', '/paypal-standin/_control', body);

async function give(cents: number, name: string, email: string) {
  const started = await call('POST', '/payment/pay-online', {
    slug: 'demo-campaign',
    amount_cents: cents,
    donor: { name, email, phone: `212555${String(Math.floor(Math.random() * 9000) + 1000)}`, address: '1 Main St', city: 'New York', state: 'new_york', zip: '10001', employer: 'Acme', occupation: 'Teacher' },
    attestations: { own_funds: true, not_reimbursed: true, not_corporate: true, personal_card: true, us_citizen_or_resident: true },
    idempotency_key: randomUUID(),
  });
  if (started.status !== 201) throw new Error(`pay-online ${started.status} ${JSON.stringify(started.json)}`);
  const { payment_id, order_id } = started.json.data!;
  await fetch(`${url}/paypal-standin/checkoutnow/${order_id}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'choice=approve' });
  const captured = await call('POST', '/payment/capture', { payment_id, order_id });
  if (captured.json.data?.status !== 'completed') throw new Error(`capture ${captured.status} ${JSON.stringify(captured.json)}`);
  return { payment_id, order_id };
}

const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const first = await give(5_000, 'Maria Chen', 'maria.chen@example.com');
  const second = await give(2_500, 'David Okafor', 'david.okafor@example.com');
  await control({ action: 'hold-webhooks', hold: true });

  // Maria: $10.00 refunded in PayPal's own dashboard; its webhook is held.
  const basic = Buffer.from('demo-campaign-local:local-test-secret').toString('base64');
  const token = await fetch(`${url}/paypal-standin/v1/oauth2/token`, { method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
  const bearer = { authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
  const order = await call('GET', `/paypal-standin/v2/checkout/orders/${first.order_id}`, undefined, bearer);
  const captureId = order.json.purchase_units![0]!.payments.captures[0]!.id;
  await control({ action: 'refund', capture_id: captureId, amount_cents: 1_000 });

  // David: staff refund the whole gift and PayPal's answer never comes.
  const signin = await call('POST', '/auth/authentication/signin', { email: 'owner@demo.campaign', password: process.env.DEMO_PASSWORD ?? 'demo-pass-123' });
  const staff = { authorization: `Bearer ${signin.json.data!.idToken}` };
  const campaignId = (await call('GET', '/payment/giving-page/demo-campaign')).json.data!.campaign_id;
  const donation = await call('GET', `/donation/list_donation/${campaignId}?page=1&limit=10&sort=-paying_date&source=online`, undefined, staff);
  const davids = donation.json.data!.donation_list.find((d) => d.donor_name === 'David Okafor')!;
  await control({ action: 'hang-next', call: 'refund' });
  const refunded = await call('POST', '/payment/refund', { campaign_id: campaignId, donation_id: davids.donation_id, amount_cents: 2_500, reason: 'Donor asked' }, staff);
  console.log(`refund without an answer: ${refunded.status} ${refunded.json.code ?? ''} (second payment ${second.payment_id})`);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInDemoOwner(page, url);
  await page.getByRole('link', { name: 'Payment Gateway' }).click();
  await page.getByRole('link', { name: 'Open the reconcile report' }).click();
  try {
    await page.getByText(/online payments compared with PayPal/).waitFor({ timeout: 60_000 });
  } catch (error) {
    await page.screenshot({ path: '/tmp/reconcile-failed.png' });
    throw error;
  }
  await page.screenshot({ path: 'docs/screenshots/payment-reconcile-1280.png' });
  console.log('wrote docs/screenshots/payment-reconcile-1280.png');
} finally {
  await browser.close();
  await server.stop();
}
