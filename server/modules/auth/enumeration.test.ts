import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../plugins/clock';
import { A, activeUser, get, messagesTo, otherCode, post, signIn, signUpConfirmed } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

const UUID = /"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"/g;

/**
 * What a caller sees: status and body. The masked address (it depends on the input only) and a new
 * account's id (a fresh random v4 UUID either way) are replaced.
 */
async function answer(t: TestApp, url: string, body: Record<string, string>, token?: string) {
  const res = await post(t, url, body, token);
  return { status: res.statusCode, body: JSON.stringify(res.json()).replace(/"[a-z]\*\*\*@example\.org"/, '"<masked>"').replace(UUID, '"<uuid>"') };
}

describe('no account enumeration: a known and an unknown address get the same status and body', () => {
  let t: TestApp;
  const clock = new ManualClock();
  // active, pending (confirmed, awaiting approval), unconfirmed, and no account.
  const KNOWN = ['known@example.org', 'pending@example.org', 'unconfirmed@example.org'];
  const UNKNOWN = 'unknown@example.org';

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    await activeUser(t, 'known@example.org');
    await signUpConfirmed(t, 'pending@example.org');
    await post(t, `${A}/signup`, { name: 'Not', last_name: 'Confirmed', email: 'unconfirmed@example.org' });
    clock.advance(61 * 60_000); // the set-up's codes leave the hour the resend budget looks at
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every known address and `unknown` answer alike on `path`; returns the (shared) answer. */
  async function allAlike(path: string, body: (email: string) => Record<string, string>, unknown = UNKNOWN) {
    const answers = [];
    for (const email of [...KNOWN, unknown]) answers.push(await answer(t, `${A}/${path}`, body(email)));
    for (const other of answers.slice(1)) expect(other, `${path}`).toEqual(answers[0]);
    return answers[0];
  }

  for (const path of ['signin-passwordless', 'forgot-password', 'resend-confirmation-code']) {
    it(`${path}: 200 alike, and alike again inside the cool-down (429)`, async () => {
      expect((await allAlike(path, (email) => ({ email }))).status).toBe(200);
      const again = await allAlike(path, (email) => ({ email }));
      expect(again.status).toBe(429);
      clock.advance(61_000);
    });
  }

  it('get-confirmation-code-validity: alike for every purpose after the same requests', async () => {
    for (const purpose of ['signup', 'signin', 'forgot_password']) {
      const answers = [];
      for (const email of [...KNOWN, UNKNOWN]) {
        const res = await get(t, `${A}/get-confirmation-code-validity?email=${email}&purpose=${purpose}`);
        answers.push({ status: res.statusCode, body: res.json() as unknown });
      }
      for (const other of answers.slice(1)) expect(other, purpose).toEqual(answers[0]);
    }
  });

  it('signup (with and without a password): 201 ACCOUNT_CREATED alike, also for an address that has an account', async () => {
    const first = await allAlike('signup', (email) => ({ name: 'Some', last_name: 'One', email, password: 'pass-word-1' }), 'unknown-signup@example.org');
    expect(first.status).toBe(201);
    expect(JSON.parse(first.body)).toMatchObject({ data: { user_id: '<uuid>', resend_in: 60 }, message_code: 'ACCOUNT_CREATED' });
    // The new address of the first call is now an unconfirmed account: inside the cool-down it answers like the others.
    expect((await allAlike('signup', (email) => ({ name: 'Some', last_name: 'One', email }), 'unknown-signup@example.org')).status).toBe(429);
    clock.advance(61_000);
    expect((await allAlike('signup', (email) => ({ name: 'Some', last_name: 'One', email }), 'unknown-signup-3@example.org')).status).toBe(201);
    clock.advance(61_000);
  });

  it('signup twice, 61 s apart: the two user_id differ for a new address as for a registered one (never the same id again)', async () => {
    clock.advance(61 * 60_000);
    const twice = async (email: string) => {
      const ids = [];
      for (let i = 0; i < 2; i++) {
        const res = await post(t, `${A}/signup`, { name: 'Some', last_name: 'One', email });
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.json().data.user_id as string);
        clock.advance(61_000);
      }
      return ids;
    };
    const [newFirst, newSecond] = await twice('twice-new@example.org');
    const [knownFirst, knownSecond] = await twice('known@example.org');
    expect(newSecond === newFirst).toBe(knownSecond === knownFirst);
    expect(newSecond).not.toBe(newFirst);
    expect(new Set([newFirst, newSecond, knownFirst, knownSecond]).size).toBe(4);
  });

  it('confirm-signup, otp-passwordless, set-password: a wrong code answers alike', async () => {
    expect(await allAlike('confirm-signup', (email) => ({ email, code: '123456' }))).toEqual({
      status: 400,
      body: JSON.stringify({ code: 'CODE_EXPIRED_OR_WRONG', message: 'Wrong or expired confirmation code' }),
    });
    expect(await allAlike('otp-passwordless', (email) => ({ email, code: '123456' }))).toEqual({
      status: 400,
      body: JSON.stringify({ code: 'OTP_INCORRECT_OR_EXPIRED', message: 'OTP incorrect or expired' }),
    });
    expect((await allAlike('set-password', (email) => ({ email, code: '123456', password: 'pass-word-2' }))).status).toBe(400);
  });

  it('signin (password): 401 INCORRECT_CREDENTIALS alike', async () => {
    expect(await allAlike('signin', (email) => ({ email, password: 'not-the-one' }))).toEqual({
      status: 401,
      body: JSON.stringify({ code: 'INCORRECT_CREDENTIALS', message: 'Incorrect email or password' }),
    });
  });

  it('verify_user_attribute: an address another account holds answers like a free one', async () => {
    const { idToken } = await signIn(t, 'known@example.org', 'secret-pass-1');
    const answers = [];
    // The signed-in user's own address aside: free, taken (pending, unconfirmed), free.
    for (const value of ['kfree@example.org', 'pending@example.org', 'unconfirmed@example.org', 'ufree@example.org']) {
      answers.push(await answer(t, `${A}/verify_user_attribute`, { attribute: 'email', value }, idToken));
    }
    for (const other of answers.slice(1)) expect(other).toEqual(answers[0]);
    expect(answers[0].status).toBe(200);
  });

  it('only the owners of the addresses learn anything: codes to accounts, "you already have an account" to confirmed ones, nothing to unknown addresses', async () => {
    const purposes = async (email: string) => (await messagesTo(t, email)).map((m) => m.purpose);
    for (const email of ['known@example.org', 'pending@example.org']) {
      const got = await purposes(email);
      expect(got).toEqual(expect.arrayContaining(['signin', 'forgot_password', 'account_exists']));
      // A confirmed account never gets a sign-up code again.
      expect(got.filter((p) => p === 'signup')).toHaveLength(1);
    }
    expect(new Set(await purposes('unconfirmed@example.org'))).toEqual(new Set(['signup']));
    expect(await purposes(UNKNOWN)).toEqual([]);
  });

  it('decoys never use up the sign-in codes of a real account (sign-up codes have their own budget)', async () => {
    clock.advance(61 * 60_000);
    const signinCodes = async () => (await messagesTo(t, 'known@example.org')).filter((m) => m.purpose === 'signin').length;
    const before = await signinCodes();
    // A stranger asks for sign-up codes for a confirmed address as often as the limits allow …
    for (let i = 0; i < 3; i++) {
      expect((await post(t, `${A}/resend-confirmation-code`, { email: 'known@example.org' })).statusCode).toBe(200);
      clock.advance(61_000);
    }
    expect((await post(t, `${A}/resend-confirmation-code`, { email: 'known@example.org' })).statusCode).toBe(429);
    // … and the owner still gets a sign-in code.
    expect((await post(t, `${A}/signin-passwordless`, { email: 'known@example.org' })).statusCode).toBe(200);
    expect(await signinCodes()).toBe(before + 1);
  });

  it('otp-passwordless: an unknown address answers like a wrong code', async () => {
    const unknown = await post(t, `${A}/otp-passwordless`, { email: UNKNOWN, code: '123456' });
    const signinMessage = (await messagesTo(t, 'known@example.org')).find((m) => m.purpose === 'signin');
    const realCode = /\d{6}/.exec(signinMessage?.body ?? '')?.[0] ?? '000000';
    const wrong = await post(t, `${A}/otp-passwordless`, { email: 'known@example.org', code: otherCode(realCode) });
    expect(unknown.json()).toEqual({ code: 'OTP_INCORRECT_OR_EXPIRED', message: 'OTP incorrect or expired' });
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.json()).toEqual(unknown.json());
  });
});
