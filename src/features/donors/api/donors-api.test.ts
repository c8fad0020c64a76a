/**
 * The donor book's writes that move money send an Idempotency-Key (issue 29 point 11): one fresh key
 * per submission (a second submission is a new record, so a new key), and the same key when the
 * request is sent again after the token was refreshed, so the server records it once. Through RTK
 * Query (issue 34): the endpoint builds the key once per submission, the axios client resends it.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { makeStore } from '../../../app/store';
import { writeSession } from '../../../lib/session';
import { donorsApi } from './donors-api';

const seen: { path: string; key: string | null; auth: string | null }[] = [];
let expiredOnce = false;
const server = setupServer(
  http.post('*/auth/authentication/refresh-token', () => HttpResponse.json({ data: { accessToken: 'new-access', idToken: 'new-id' } })),
  http.post('*', ({ request }) => {
    const auth = request.headers.get('authorization');
    seen.push({ path: new URL(request.url).pathname, key: request.headers.get('idempotency-key'), auth });
    if (expiredOnce && auth !== 'Bearer new-id') return HttpResponse.json({ code: 'UNAUTHORIZED', message: 'x' }, { status: 401 });
    return HttpResponse.json({ data: {} }, { status: 201 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  seen.length = 0;
  expiredOnce = false;
});
afterAll(() => server.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const { addDonation, addPledge, refundDonation, refundDonationOnline } = donorsApi.endpoints;

it('add_donation, add_pledge, refund_donation and /payment/refund each send a fresh Idempotency-Key per submission', async () => {
  writeSession({ accessToken: 'a', idToken: 'id', refreshToken: 'r', signinSource: 'REGULAR' });
  const { store } = makeStore();
  const c = { campaign_id: 'c' };
  for (let i = 0; i < 2; i++) {
    await store.dispatch(addDonation.initiate({ ...c } as never)).unwrap();
    await store.dispatch(addPledge.initiate({ ...c } as never)).unwrap();
    await store.dispatch(refundDonation.initiate({ ...c } as never)).unwrap();
    await store.dispatch(refundDonationOnline.initiate({ ...c } as never)).unwrap();
  }
  expect(seen.map((s) => s.path)).toEqual([0, 1].flatMap(() => ['/donation/add_donation', '/donation/donor/add_pledge', '/donation/refund_donation', '/payment/refund']));
  expect(seen.every((s) => s.key !== null && UUID.test(s.key))).toBe(true);
  expect(new Set(seen.map((s) => s.key)).size).toBe(seen.length);
});

it('sends the same key again when the request is retried after a token refresh', async () => {
  writeSession({ accessToken: 'old-access', idToken: 'old-id', refreshToken: 'refresh-1', signinSource: 'REGULAR' });
  expiredOnce = true;
  const { store } = makeStore();
  await store.dispatch(addDonation.initiate({ campaign_id: 'c' } as never)).unwrap();
  expect(seen.map((s) => s.auth)).toEqual(['Bearer old-id', 'Bearer new-id']);
  expect(seen[0]!.key).toMatch(UUID);
  expect(seen[1]!.key).toBe(seen[0]!.key);
});
