// Two API instances on one external PostgreSQL behind HAProxy (issue 15; tests/e2e/support/fleet.ts).
// Everything goes through the balancer; `x-pin` picks the instance where the test needs to know it,
// and `x-served-by` proves which one answered. A is a pure web instance (JOBS=false); B serves and
// works jobs; C is a pure worker (`npm run worker`) outside the balancer.
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DONOR_ATTESTATIONS } from '../../domain/payments/api-contract';
import { SYSTEM_ROLES } from '../../domain/permissions';
import { startFleet, type Fleet } from './support/fleet';
import { DEMO_PASSWORD, selectCampaign, signInWithPassword } from './support/sign-in';

test.describe.configure({ mode: 'serial' });

let fleet: Fleet;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  fleet = await startFleet();
  api = await playwrightRequest.newContext({ baseURL: fleet.url });
});
test.afterAll(async () => {
  await api?.dispose();
  await fleet?.stop();
});

type Pin = 'a' | 'b';
const pinned = (pin: Pin, token?: string) => ({ 'x-pin': pin, ...(token ? { authorization: `Bearer ${token}` } : {}) });

async function signIn(email: string, pin: Pin): Promise<{ token: string; userId: string }> {
  const res = await api.post('/auth/authentication/signin', { headers: pinned(pin), data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  expect(res.headers()['x-served-by']).toBe(pin);
  const data = (await res.json()).data as { idToken: string; user: { userId: string } };
  return { token: data.idToken, userId: data.user.userId };
}

async function demoCampaignId(token: string, userId: string): Promise<string> {
  const res = await api.get(`/campaign/list_campaign/${userId}`, { headers: pinned('a', token) });
  const rows = (await res.json()).data as { campaign_id?: string; id?: string; campaign_name: string }[] | { campaign_list: { campaign_id: string; campaign_name: string }[] };
  const list = Array.isArray(rows) ? rows : rows.campaign_list;
  const demo = list.find((c) => c.campaign_name === 'Friends of Demo Candidate')!;
  return (demo as { campaign_id: string }).campaign_id;
}

/**
 * Whether the page's live socket is in its rooms: socket.io's CONNECT acknowledgement ("40{sid}")
 * comes only after the server's handshake joined them (a push sent before that is not delivered).
 */
function watchSocketJoin(page: Page): () => boolean {
  // Only the newest socket counts: a page load opens a new one, and the old one's close may come after
  // the new one joined (it must not clear the new one's state).
  let current: object | null = null;
  let joined = false;
  page.on('websocket', (socket) => {
    current = socket;
    joined = false;
    socket.on('framereceived', (frame) => {
      if (current === socket && String(frame.payload).startsWith('40')) joined = true;
    });
    socket.on('close', () => {
      if (current === socket) joined = false;
    });
  });
  return () => joined;
}

test('the balancer spreads requests over both instances, and a session made on A works on B', async () => {
  const servedBy = new Set<string>();
  for (let i = 0; i < 4; i++) servedBy.add((await api.get('/health/ready')).headers()['x-served-by']!);
  expect([...servedBy].sort()).toEqual(['a', 'b']);

  const owner = await signIn('owner@demo.campaign', 'a');
  const onB = await api.get(`/campaign/list_campaign/${owner.userId}`, { headers: pinned('b', owner.token) });
  expect(onB.status()).toBe(200);
  expect(onB.headers()['x-served-by']).toBe('b');
  expect(JSON.stringify(await onB.json())).toContain('Friends of Demo Candidate');
});

test("a permission removed through A hides the sidebar entry of a browser connected to B within 2 s", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: fleet.url, extraHTTPHeaders: { 'x-pin': 'b' } });
  const staff = await context.newPage();
  try {
    const served = new Set<string>();
    staff.on('response', (response) => served.add(response.headers()['x-served-by'] ?? '?'));
    const socketJoined = watchSocketJoin(staff);
    await signInWithPassword(staff, 'staff@demo.campaign');
    const nav = staff.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Donor List' })).toBeVisible();
    expect([...served]).toEqual(['b']);
    // Its live connection (socket.io) is in its rooms (the CONNECT acknowledgement came), and B holds it:
    // read from the instances themselves. No other browser is open, so A holds none.
    await expect.poll(socketJoined, { timeout: 30_000 }).toBe(true);
    await expect.poll(() => fleet.liveSockets('b'), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(await fleet.liveSockets('a')).toBe(0);

    const owner = await signIn('owner@demo.campaign', 'a');
    const campaignId = await demoCampaignId(owner.token, owner.userId);
    const without = SYSTEM_ROLES.staff.resource_names.filter((name) => name !== 'donor.read');
    const update = (names: readonly string[]) =>
      api.post('/campaign/roles/update_role', { headers: pinned('a', owner.token), data: { campaign_id: campaignId, role_key: 'staff', name: 'Staff', resource_names: names } });
    const removed = await update(without);
    expect(removed.status(), await removed.text()).toBe(200);
    expect(removed.headers()['x-served-by']).toBe('a');
    await expect(nav.getByRole('link', { name: 'Donor List' })).toBeHidden({ timeout: 2_000 });

    expect((await update(SYSTEM_ROLES.staff.resource_names)).status()).toBe(200);
    await expect(nav.getByRole('link', { name: 'Donor List' })).toBeVisible({ timeout: 2_000 });
  } finally {
    await context.close();
  }
});

test('an import uploaded through A is worked by a worker instance, and its progress reaches the browser on A', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: fleet.url, extraHTTPHeaders: { 'x-pin': 'a' } });
  const page = await context.newPage();
  const frames: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
  const socketJoined = watchSocketJoin(page);
  try {
    await signInWithPassword(page, 'owner@demo.campaign');
    await selectCampaign(page, 'Friends of Demo Candidate');
    await page.goto('/bulk-history');
    // Its live connection is in its rooms and held by A (read from A itself), which works no jobs.
    await expect.poll(socketJoined, { timeout: 30_000 }).toBe(true);
    await expect.poll(() => fleet.liveSockets('a'), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const word = `Fleet${Date.now().toString(36).replace(/[^a-z]/g, '')}`;
    const header = 'name,donor_phone,donor_email,contributor_type,employer,occupation,state,zip,city,apt_unit,address,district,commitment_date,commitment_amount,eligibility,recipient';
    const rows = Array.from({ length: 30 }, (_, i) => `Ann ${word} ${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))},,ann${i}.${word.toLowerCase()}@example.org,Individual Contributor,,,New York,10023,New York,,,,,,,`);
    const file = join(tmpdir(), `fleet-${word}.csv`);
    await writeFile(file, `${[header, ...rows].join('\r\n')}\r\n`);

    await page.getByRole('button', { name: 'Upload file' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload donors or payments' });
    await dialog.getByLabel(/File \(CSV or Excel/).setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByRole('button', { name: 'Validate rows' }).click();
    const review = page.getByRole('dialog', { name: `Upload: fleet-${word}.csv` });
    await expect(review.getByRole('button', { name: 'Import 30 valid rows' })).toBeVisible({ timeout: 30_000 });
    await review.getByRole('button', { name: 'Import 30 valid rows' }).click();
    await expect(review.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });

    // A works no jobs, so B or C imported it; its 'done' push crossed to the socket this page holds on A.
    await expect.poll(() => frames.some((f) => f.includes('"done"') && f.includes('"import"')), { timeout: 5_000 }).toBe(true);
    const owner = await signIn('owner@demo.campaign', 'a');
    const campaignId = await demoCampaignId(owner.token, owner.userId);
    const list = await api.get(`/donation/donor/list_donor/${campaignId}?search=${word}&limit=100`, { headers: pinned('b', owner.token) });
    expect(list.status(), await list.text()).toBe(200);
    expect(JSON.stringify(await list.json()).match(new RegExp(`Ann ${word}`, 'g'))?.length).toBe(30);
  } finally {
    await context.close();
  }
});

test('a report started on B is downloaded through A (the file on a volume both share)', async () => {
  const owner = await signIn('owner@demo.campaign', 'b');
  const campaignId = await demoCampaignId(owner.token, owner.userId);
  const started = await api.post('/donation/start_report/', { headers: pinned('b', owner.token), data: { campaign_id: campaignId, type: 'expense', format: 'csv', filter: {} } });
  expect(started.status(), await started.text()).toBe(201);
  expect(started.headers()['x-served-by']).toBe('b');
  const reportId = ((await started.json()).data as { report_id: string }).report_id;

  let url = '';
  await expect
    .poll(
      async () => {
        const link = await api.get(`/donation/get_report/${reportId}?campaign_id=${campaignId}`, { headers: pinned('a', owner.token) });
        if (link.status() === 200) url = ((await link.json()).data as { url: string }).url;
        return link.status();
      },
      { timeout: 30_000 },
    )
    .toBe(200);
  const download = await api.get(url.replace(/^https?:\/\/[^/]+/, ''), { headers: pinned('a') });
  expect(download.status()).toBe(200);
  expect(download.headers()['x-served-by']).toBe('a');
  const csv = (await download.body()).toString('utf8');
  expect(csv.split('\n').length).toBeGreaterThan(5);
  expect(csv).toContain('Total');
});

test('a webhook delivered twice, once to each instance, records one payment', async () => {
  test.setTimeout(90_000);
  const email = `fleet.${Date.now()}@example.org`;
  const started = await api.post('/payment/pay-online', {
    headers: pinned('b'),
    data: {
      slug: 'demo-campaign',
      amount_cents: 2_500,
      donor: { name: 'Fleet Donor', email, phone: '2125550199', address: '1 Main St', city: 'New York', state: 'new_york', zip: '10001', employer: 'Acme', occupation: 'Teacher' },
      attestations: Object.fromEntries(DONOR_ATTESTATIONS.map((a) => [a.key, true])),
      idempotency_key: crypto.randomUUID(),
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { payment_id: paymentId, order_id: orderId } = (await started.json()).data as { payment_id: string; order_id: string };
  const before = fleet.webhookDeliveries.length;

  // The donor approves on the (stand-in) PayPal page and never comes back: the webhooks do the rest.
  const approved = await api.post(`/paypal-standin/checkoutnow/${orderId}`, { headers: { ...pinned('a'), 'content-type': 'application/x-www-form-urlencoded' }, form: { choice: 'approve' }, maxRedirects: 0 });
  expect(approved.status()).toBe(303);

  const db = new pg.Client({ connectionString: fleet.databaseUrl });
  await db.connect();
  try {
    const count = async () =>
      Number((await db.query<{ n: string }>('select count(*) as n from donations d join donors o on o.id = d.donor_id where o.donor_email = $1', [email])).rows[0]!.n);
    await expect.poll(count, { timeout: 30_000 }).toBe(1);
    // Each event (order approved, capture completed) went to A and to B at once; both answered 2xx.
    await expect.poll(() => fleet.webhookDeliveries.slice(before).map((d) => d.eventType).sort(), { timeout: 15_000 }).toEqual(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']);
    for (const delivery of fleet.webhookDeliveries.slice(before)) {
      expect(delivery.answers.map((a) => a.servedBy)).toEqual(['a', 'b']);
      expect(delivery.answers.every((a) => a.status >= 200 && a.status < 300), JSON.stringify(delivery)).toBe(true);
    }
    expect(await count()).toBe(1);
    const status = await api.get(`/payment/status/${paymentId}?order_id=${orderId}`, { headers: pinned('a') });
    expect(((await status.json()).data as { status: string }).status).toBe('completed');
  } finally {
    await db.end();
  }
});

test('kill -9 of the instance working an import: another finishes it, nothing doubled', async () => {
  test.setTimeout(240_000);
  const owner = await signIn('owner@demo.campaign', 'a');
  const campaignId = await demoCampaignId(owner.token, owner.userId);
  const headers = pinned('a', owner.token);
  const word = `Kill${Date.now().toString(36).replace(/[^a-z]/g, '')}`;
  const ROWS = 30_000;
  const header = 'name,donor_phone,donor_email,contributor_type,employer,occupation,state,zip,city,apt_unit,address,district,commitment_date,commitment_amount,eligibility,recipient';
  const letters = (i: number) => i.toString(26).split('').map((c) => String.fromCharCode(97 + parseInt(c, 26))).join('');
  const lines = Array.from({ length: ROWS }, (_, i) => `Kim ${word} ${letters(i)},,k${i}.${word.toLowerCase()}@example.org,Individual Contributor,,,New York,10023,New York,,,,,,,`);
  const body = Buffer.from(`${[header, ...lines].join('\r\n')}\r\n`);
  const fileName = `kill-${word}.csv`;

  const signed = (await (await api.post('/donation/presigned_url', { headers, data: { campaign_id: campaignId, file_name: fileName, file_size: body.length } })).json()).data as { url: string; key: string; headers: Record<string, string> };
  const put = await api.put(signed.url.replace(/^https?:\/\/[^/]+/, ''), { headers: { ...signed.headers, 'x-pin': 'a' }, data: body });
  expect(put.status(), await put.text()).toBe(201);
  const seen = (await (await api.post('/donation/upload_preview', { headers, data: { campaign_id: campaignId, type: 'donor', file_key: signed.key, file_name: fileName } })).json()).data as { mapping: unknown; defaults: unknown };
  const created = await api.post('/donation/bulk_upload', { headers, data: { campaign_id: campaignId, type: 'donor', file_key: signed.key, file_name: fileName, mapping: seen.mapping, options: { defaults: seen.defaults } } });
  expect(created.status(), await created.text()).toBe(201);
  const uploadId = ((await created.json()).data as { id: string }).id;
  const detail = async () => (await (await api.get(`/donation/get_upload/${campaignId}/${uploadId}`, { headers })).json()).data as { status: string; counts: { valid: number; imported: number }; progress: { done: number } };
  await expect.poll(async () => (await detail()).status, { timeout: 60_000, intervals: [250] }).toBe('ready');
  expect((await detail()).counts.valid).toBe(ROWS);
  expect((await api.post('/donation/upload_action', { headers, data: { campaign_id: campaignId, upload_id: uploadId, action: 'import' } })).status()).toBe(200);

  const db = new pg.Client({ connectionString: fleet.databaseUrl });
  await db.connect();
  try {
    // The instance holding the upload's lock is the one importing it: wait until rows are going in, then kill it.
    const holder = async () =>
      (
        await db.query<{ name: string }>(
          `with k as (select hashtextextended('upload:' || $1, 0) as key)
           select a.application_name as name from k, pg_locks l join pg_stat_activity a on a.pid = l.pid
           where l.locktype = 'advisory' and l.granted and l.objsubid = 1
             and l.classid = ((k.key >> 32) & 4294967295)::oid and l.objid = (k.key & 4294967295)::oid`,
          [uploadId],
        )
      ).rows[0]?.name ?? null;
    await expect.poll(async () => ((await detail()).status === 'importing' && (await detail()).progress.done > 0 ? await holder() : null), { timeout: 60_000, intervals: [100] }).toMatch(/^cdt-[bc]$/);
    const victim = (await holder())!.slice(4) as 'b' | 'c';
    fleet.kill(victim);
    const cut = await detail();
    expect(cut.status, 'killed mid-import').toBe('importing');
    // Really gone: its port no longer answers, and its connections (and the upload's lock) went with it.
    await expect.poll(() => fetch(`http://127.0.0.1:${fleet.ports[victim]}/health`).then(() => 'up', () => 'down'), { timeout: 10_000 }).toBe('down');
    await expect.poll(holder, { timeout: 10_000 }).not.toBe(`cdt-${victim}`);

    // The other worker resumes it (the upload is silent for WORK_SILENT_SECONDS, 10 s here; a sweep every 5 s sends it again).
    await expect.poll(async () => (await detail()).status, { timeout: 180_000, intervals: [1_000] }).toBe('completed');
    // Released once the job ends: after 'completed' it still computes the campaign's matchable parts (import-upload.ts).
    await expect.poll(holder, { timeout: 30_000, intervals: [250] }).toBeNull();
    const done = await detail();
    expect(done.counts.imported).toBe(ROWS);
    const donors = await db.query<{ n: string; distinct_emails: string }>('select count(*) as n, count(distinct donor_email) as distinct_emails from donors where name like $1', [`Kim ${word} %`]);
    expect(donors.rows[0]).toEqual({ n: String(ROWS), distinct_emails: String(ROWS) });
    console.log(`scale-out: killed cdt-${victim} at ${cut.progress.done} of ${ROWS} rows; another worker finished: ${ROWS} donors, none doubled`);
  } finally {
    await db.end();
  }
});
