// Online payments (issue 14): 50 donors give at once on /demo-campaign through the local PayPal
// stand-in, each create (POST /payment/pay-online) → approve (the stand-in's approval form) → capture
// (POST /payment/capture), as a browser would, over HTTP on the real server (`npm start`'s entry,
// pg-boss on, webhooks delivered as they come: the server also captures on CHECKOUT.ORDER.APPROVED).
// Prints p50 / p99 per step and checks the invariants on the database: every payment completed once,
// one donation per payment, no capture recorded twice, the receipt e-mails queued once each.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { DONOR_ATTESTATIONS, type CheckoutStarted } from '../domain/payments/api-contract';
import { startServerWithDatabase } from './lib/server';

const DONORS = 50;
const SLUG = 'demo-campaign';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function timed<T>(into: number[], run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await run();
  } finally {
    into.push(performance.now() - started);
  }
}

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json()) as { data: T; code?: string };
  if (!res.ok) throw new Error(`${res.status} ${body.code}`);
  return body.data;
}

export async function benchPayments(): Promise<boolean> {
  const loadBefore = loadavg()[0]!.toFixed(2);
  const running = await startServerWithDatabase();
  const { server, pool } = running;
  const times = { create: [] as number[], approve: [] as number[], capture: [] as number[], total: [] as number[] };
  const attestations = Object.fromEntries(DONOR_ATTESTATIONS.map((a) => [a.key, true]));
  try {
    console.log(`load average ${loadBefore} before; ${DONORS} donors at once`);
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: DONORS }, (_, i) =>
        timed(times.total, async () => {
          const body = {
            slug: SLUG,
            amount_cents: 2_500,
            idempotency_key: randomUUID(),
            attestations,
            donor: { name: `Bench Donor ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`, email: `bench${i}@example.com`, phone: String(3_125_550_000 + i), address: `${i} Main St`, city: 'New York', state: 'new_york', zip: '10001', employer: 'Acme', occupation: 'Teacher' },
          };
          const checkout = await timed(times.create, async () =>
            json<CheckoutStarted>(await fetch(`${server.url}/payment/pay-online`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })),
          );
          await timed(times.approve, async () => {
            const res = await fetch(`${server.url}/paypal-standin/checkoutnow/${checkout.order_id}`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
              body: 'choice=approve',
              redirect: 'manual',
            });
            if (res.status !== 303) throw new Error(`approve: ${res.status}`);
          });
          await timed(times.capture, async () =>
            json(await fetch(`${server.url}/payment/capture`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ payment_id: checkout.payment_id, order_id: checkout.order_id }) })),
          );
          return checkout.payment_id;
        }),
      ),
    );
    const wall = (performance.now() - started) / 1000;
    const failed = results.filter((r) => r.status === 'rejected');
    console.log(`${failed.length} of ${DONORS} donors failed`);
    for (const f of failed.slice(0, 3)) console.log(`  a donor failed: ${String((f as PromiseRejectedResult).reason)}`);
    const ids = results.filter((r): r is PromiseFulfilledResult<string> => r.status === 'fulfilled').map((r) => r.value);
    // Let webhooks still in flight land before counting.
    await new Promise((r) => setTimeout(r, 2_000));
    const facts = (
      await pool.query<{ payments: number; completed: number; donations: number; refs: number; receipts: number }>(
        `select count(*)::int as payments,
                count(*) filter (where p.status = 'completed')::int as completed,
                (select count(*)::int from donations d where d.id = any(array_agg(p.donation_id))) as donations,
                (select count(distinct d.external_ref)::int from donations d where d.external_ref = any(array_agg('paypal:' || p.capture_id))) as refs,
                (select count(*)::int from outbox o where o.purpose = 'donation_receipt' and o.recipient like 'bench%@example.com') as receipts
         from payments p where p.id = any($1::uuid[])`,
        [ids],
      )
    ).rows[0]!;
    const doubled = (await pool.query<{ n: number }>(`select count(*)::int as n from (select external_ref from donations where external_ref like 'paypal:%' group by external_ref having count(*) > 1) x`)).rows[0]!.n;
    console.log('\n| step | p50 ms | p99 ms |');
    console.log('|---|---:|---:|');
    for (const [step, values] of Object.entries(times)) console.log(`| ${step} | ${percentile(values, 50).toFixed(0)} | ${percentile(values, 99).toFixed(0)} |`);
    console.log(`\n${DONORS} donors in ${wall.toFixed(2)} s; payments ${facts.payments}, completed ${facts.completed}, donations ${facts.donations} (distinct captures ${facts.refs}), receipts ${facts.receipts}, captures recorded twice ${doubled}`);
    const ok = failed.length === 0 && facts.completed === DONORS && facts.donations === DONORS && facts.refs === DONORS && facts.receipts === DONORS && doubled === 0;
    console.log(ok ? 'invariants hold: payments = donations, no doubles' : 'INVARIANT BROKEN');
    return ok;
  } finally {
    await running.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await benchPayments();
  process.exit(ok ? 0 : 1);
}
