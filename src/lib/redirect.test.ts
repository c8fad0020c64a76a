import { safeRedirectPath } from './redirect';

const origin = 'https://app.example.org';

describe('safeRedirectPath', () => {
  it.each([
    ['/donor-list?page=2&q=a%20b', '/donor-list?page=2&q=a%20b'],
    ['/my-account', '/my-account'],
    ['/campaign/campaign-details#top', '/campaign/campaign-details#top'],
  ])('keeps the relative path %s', (input, expected) => {
    expect(safeRedirectPath(input, origin)).toBe(expected);
  });

  it.each([
    null,
    '',
    'https://evil.example.com/x',
    '//evil.example.com/x',
    '/\\evil.example.com',
    'javascript:alert(1)',
    'dashboard',
    '/\tevil',
    '/auth/login?redirect_to=/x',
  ])('falls back to /dashboard for %s', (input) => {
    expect(safeRedirectPath(input, origin)).toBe('/dashboard');
  });
});
