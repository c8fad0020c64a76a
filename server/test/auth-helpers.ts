/**
 * Helpers for auth integration tests: requests through `app.inject`, codes read from the outbox,
 * and ready-made accounts.
 */
import { desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { SigninData } from '../../domain/auth/api-contract';
import { outbox, users } from '../db/schema';
import type { TestApp } from './test-db';

/** testConfig() runs with NODE_ENV=test: the seeded admin gets the non-production default password. */
export const ADMIN_PASSWORD = 'admin-pass-123';
export const DEMO_PASSWORD = 'demo-pass-123';
export const A = '/auth/authentication';

type Headers = Record<string, string>;

export function post(t: TestApp, url: string, payload?: unknown, token?: string, extra: Partial<InjectOptions> = {}) {
  const headers: Headers = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return t.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }), ...extra });
}

export function put(t: TestApp, url: string, payload: unknown, token?: string) {
  const headers: Headers = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return t.app.inject({ method: 'PUT', url, headers, payload: payload as InjectOptions['payload'] });
}

export function get(t: TestApp, url: string, token?: string) {
  const headers: Headers = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return t.app.inject({ method: 'GET', url, headers });
}

/** Messages to `recipient`, newest first, once every message handed over by an auth route is recorded. */
export async function messagesTo(t: TestApp, recipient: string) {
  await t.app.authMail.settled();
  return t.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.createdAt));
}

/** The 6-digit code of the newest message to `recipient`. */
export async function lastCode(t: TestApp, recipient: string): Promise<string> {
  const [message] = await messagesTo(t, recipient);
  expect(message, `a message to ${recipient}`).toBeDefined();
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  expect(code, 'a 6-digit code in the message').toBeDefined();
  return code!;
}

/** A code that is surely not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

export async function signIn(t: TestApp, email: string, password: string): Promise<SigninData> {
  const res = await post(t, `${A}/signin`, { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SigninData;
}

export function adminSignIn(t: TestApp): Promise<SigninData> {
  return signIn(t, t.app.config.adminEmail, ADMIN_PASSWORD);
}

/** Sign-up + confirmation: the account ends 'pending'. Returns its id. */
export async function signUpConfirmed(t: TestApp, email: string, extra: { password?: string } = {}): Promise<string> {
  const signup = await post(t, `${A}/signup`, { name: 'Test', last_name: 'User', email, ...extra });
  expect(signup.statusCode, signup.body).toBe(201);
  const confirm = await post(t, `${A}/confirm-signup`, { email, code: await lastCode(t, email) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return signup.json().data.user_id as string;
}

/** Passwordless sign-in (code from the outbox). */
export async function passwordlessSignIn(t: TestApp, email: string): Promise<SigninData> {
  const start = await post(t, `${A}/signin-passwordless`, { email });
  expect(start.statusCode, start.body).toBe(200);
  const res = await post(t, `${A}/otp-passwordless`, { email, code: await lastCode(t, email) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SigninData;
}

/** An active account with a password, signed in (status set directly: approval is tested elsewhere). */
export async function activeUser(t: TestApp, email: string, password = 'secret-pass-1'): Promise<SigninData & { userId: string }> {
  const userId = await signUpConfirmed(t, email, { password });
  await t.db.update(users).set({ status: 'active' }).where(eq(users.id, userId));
  return { ...(await signIn(t, email, password)), userId };
}
