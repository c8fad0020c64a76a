/**
 * The SPA's creates that move money send an Idempotency-Key (issue 29 point 11): one fresh key per
 * submission (a second submission is a new record, so a new key), in the header the server reads.
 * The donor book's (add_donation, add_pledge, refund_donation, /payment/refund) are checked through
 * their RTK Query endpoints in src/features/donors/api/donors-api.test.ts.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { makeStore } from '../app/store';
import { expensesApi } from '../features/expenses/api/expenses-api';

/** add_expense is an RTK Query mutation: sent through a store, as the page sends it. */
const addExpense = (body: never) => makeStore().store.dispatch(expensesApi.endpoints.addExpense.initiate(body)).unwrap();

const seen: { path: string; key: string | null }[] = [];
const server = setupServer(
  http.post('*', ({ request }) => {
    seen.push({ path: new URL(request.url).pathname, key: request.headers.get('idempotency-key') });
    return HttpResponse.json({ data: {} }, { status: 201 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

it('add_expense sends a fresh Idempotency-Key per submission', async () => {
  const c = { campaign_id: 'c' };
  for (let i = 0; i < 2; i++) {
    await addExpense({ ...c } as never);
  }
  expect(seen.map((s) => s.path)).toEqual(
    [0, 1].flatMap(() => ['/donation/expense/add_expense']),
  );
  expect(seen.every((s) => s.key !== null && UUID.test(s.key))).toBe(true);
  expect(new Set(seen.map((s) => s.key)).size).toBe(seen.length);
});
