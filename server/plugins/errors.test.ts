import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-db';
import { AppError } from './errors';

describe('error responses', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('an unknown route answers a JSON 404 { code: NOT_FOUND }', async () => {
    t = await buildTestApp();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/no/such/route', headers: { accept: 'application/json' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
  });

  it('an unexpected error answers 500 SOMETHING_WENT_WRONG without the stack or the internal message', async () => {
    t = await buildTestApp();
    t.app.get('/test/boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret internal detail: password=hunter2');
    });
    const res = await t.app.inject({ method: 'GET', url: '/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'SOMETHING_WENT_WRONG', message: 'Something went wrong, please try again' });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('stack');
    expect(res.body).not.toContain('.ts');
  });

  it('an AppError answers its status, code, message and details', async () => {
    t = await buildTestApp();
    t.app.get('/test/conflict', { config: { access: 'public' } }, async () => {
      throw new AppError(409, 'DONOR_ALREADY_EXISTS', 'Donor already exist', { field: 'donor_email' });
    });
    const res = await t.app.inject({ method: 'GET', url: '/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'DONOR_ALREADY_EXISTS', message: 'Donor already exist', details: { field: 'donor_email' } });
  });

  it('a body failing its JSON schema answers 400 VALIDATION_ERROR with every failing field', async () => {
    t = await buildTestApp();
    t.app.post(
      '/test/validate',
      {
        config: { access: 'public' },
        schema: {
          body: {
            type: 'object',
            required: ['name', 'amount_cents'],
            properties: { name: { type: 'string', minLength: 1 }, amount_cents: { type: 'integer', minimum: 1 }, email: { type: 'string', pattern: '@' } },
          },
        },
      },
      async () => ({ data: 'ok' }),
    );
    const res = await t.app.inject({ method: 'POST', url: '/test/validate', payload: { amount_cents: 0, email: 'nope' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details.in).toBe('body');
    expect(Object.keys(body.details.fields).sort()).toEqual(['amount_cents', 'email', 'name']);
  });

  it('malformed JSON answers 400 BAD_REQUEST in the same shape', async () => {
    t = await buildTestApp();
    t.app.post('/test/json', { config: { access: 'public' } }, async () => ({ data: 'ok' }));
    const res = await t.app.inject({ method: 'POST', url: '/test/json', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
  });
});
