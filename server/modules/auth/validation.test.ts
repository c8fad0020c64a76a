import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A, activeUser, post } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

const GARBAGE: unknown[] = [{}, [], [1, 2], 'text', 42, true, { email: 42, phone: {}, code: [], password: null }, { email: 'a'.repeat(300) + '@x.org' }];

describe('request validation', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = (await activeUser(t, 'validation@example.org')).idToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const routes = [
    'signup',
    'confirm-signup',
    'resend-confirmation-code',
    'signin-passwordless',
    'otp-passwordless',
    'signin',
    'forgot-password',
    'set-password',
    'change_password',
    'verify_user_attribute',
    'refresh-token',
    'social-signin',
  ];

  it.each(routes)('POST %s answers 400 VALIDATION_ERROR with field messages for garbage, never 500', async (route) => {
    for (const body of GARBAGE) {
      const res = await post(t, `${A}/${route}`, JSON.stringify(body), token, { headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
      expect(res.statusCode, `${route} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      const json = res.json();
      expect(json.code).toBe('VALIDATION_ERROR');
      expect(json.message).toBe('Please check the highlighted fields');
      expect(Object.keys(json.details.fields).length).toBeGreaterThan(0);
    }
  });

  it('broken JSON and a missing body are 400, not 500', async () => {
    const broken = await t.app.inject({ method: 'POST', url: `${A}/signin`, headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'POST', url: `${A}/signin` });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.fields).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it('field messages are those of SPEC §5', async () => {
    const signup = await post(t, `${A}/signup`, { name: 'J0hn', last_name: '', email: 'john@localhost', password: 'a b' });
    expect(signup.json().details.fields).toEqual({
      name: 'Name does not support special characters',
      last_name: 'Last name is required',
      email: 'Please enter a valid email',
      password: 'Password must be at least 6 characters',
    });
    const phone = await post(t, `${A}/signin-passwordless`, { phone: '12345' });
    expect(phone.json().details.fields).toEqual({ phone: 'Mobile number must be 10 digits' });
    const letters = await post(t, `${A}/signin-passwordless`, { phone: 'abcdefghij' });
    expect(letters.json().details.fields).toEqual({ phone: 'Please enter a valid number' });
    const both = await post(t, `${A}/signin-passwordless`, { email: 'a@b.org', phone: '1234567890' });
    expect(both.json().details.fields).toEqual({ phone: 'Use either an email or a mobile number, not both' });
    const otp = await post(t, `${A}/otp-passwordless`, { email: 'a@b.org', code: '123' });
    expect(otp.json().details.fields).toEqual({ code: 'OTP must be at least 6 characters' });
    const spaces = await post(t, `${A}/signin`, { email: 'a@b.org', password: 'has space' });
    expect(spaces.json().details.fields).toEqual({ password: 'Password must not contain whitespace' });
    const ip = await post(t, `${A}/signin-passwordless`, { email: 'someone@[192.168.0.1]' });
    expect(ip.statusCode).toBe(200);
  });
});
