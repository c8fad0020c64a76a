import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../plugins/clock';
import { A, activeUser, messagesTo, otherCode, post, signUpConfirmed } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

/** What a caller sees: status and body, with the masked address replaced (it depends on the input only). */
async function answer(t: TestApp, url: string, body: Record<string, string>) {
  const res = await post(t, url, body);
  return { status: res.statusCode, body: res.json() as unknown };
}

describe('no account enumeration', () => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await buildTestApp({ clock });
    await activeUser(t, 'known@example.org');
    await signUpConfirmed(t, 'pending@example.org');
    await post(t, `${A}/signup`, { name: 'Not', last_name: 'Confirmed', email: 'unconfirmed@example.org' });
    clock.advance(16 * 60_000);
  });
  afterAll(async () => {
    await t.close();
  });

  for (const path of ['signin-passwordless', 'forgot-password']) {
    it(`${path}: the same status and body for known, pending, unconfirmed and unknown addresses`, async () => {
      // Same local part and domain length → same masked address; the rest must be identical.
      const answers = await Promise.all(
        ['known@example.org', 'pending@example.org', 'unconfirmed@example.org', 'unknown@example.org'].map((email) => answer(t, `${A}/${path}`, { email })),
      );
      const normalised = answers.map((a) => ({ ...a, body: JSON.stringify(a.body).replace(/"[a-z]\*\*\*@example\.org"/, '"<masked>"') }));
      expect(normalised[0].status).toBe(200);
      for (const other of normalised.slice(1)) expect(other).toEqual(normalised[0]);
      expect(answers[0].body).toMatchObject({ data: { resend_in: 60 } });

      // A second request inside the cool-down is refused alike, known or not.
      const again = await Promise.all(['known@example.org', 'unknown@example.org'].map((email) => answer(t, `${A}/${path}`, { email })));
      expect(again[0]).toEqual(again[1]);
      expect(again[0].status).toBe(429);
      clock.advance(61_000);
    });
  }

  it('codes went only to confirmed accounts', async () => {
    expect((await messagesTo(t, 'known@example.org')).map((m) => m.purpose)).toEqual(expect.arrayContaining(['signin', 'forgot_password']));
    expect((await messagesTo(t, 'pending@example.org')).map((m) => m.purpose)).toEqual(expect.arrayContaining(['signin', 'forgot_password']));
    expect((await messagesTo(t, 'unconfirmed@example.org')).map((m) => m.purpose)).toEqual(['signup']);
    expect(await messagesTo(t, 'unknown@example.org')).toEqual([]);
  });

  it('otp-passwordless: an unknown address answers like a wrong code', async () => {
    const unknown = await answer(t, `${A}/otp-passwordless`, { email: 'unknown@example.org', code: '123456' });
    const signinMessage = (await messagesTo(t, 'known@example.org')).find((m) => m.purpose === 'signin');
    const realCode = /\d{6}/.exec(signinMessage?.body ?? '')?.[0] ?? '000000';
    const wrong = await answer(t, `${A}/otp-passwordless`, { email: 'known@example.org', code: otherCode(realCode) });
    expect(unknown).toEqual({ status: 400, body: { code: 'OTP_INCORRECT_OR_EXPIRED', message: 'OTP incorrect or expired' } });
    expect(wrong).toEqual(unknown);
  });
});
