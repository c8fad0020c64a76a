import { readConfig } from './env';

describe('readConfig', () => {
  it('applies the defaults', () => {
    const cfg = readConfig({});
    expect(cfg).toMatchObject({
      apiBaseUrl: '',
      companyName: 'Campaign Donation Tracker',
      maintenance: false,
      paymentProvider: 'paypal',
      packagePurchaseType: 'PACKAGE',
      webBaseUrl: window.location.origin,
    });
  });

  it('reads values and strips trailing slashes', () => {
    const cfg = readConfig({ VITE_API_BASE_URL: 'https://api.example.org/', VITE_MAINTENANCE: 'true', VITE_COMPANY_NAME: 'Acme' });
    expect(cfg.apiBaseUrl).toBe('https://api.example.org');
    expect(cfg.maintenance).toBe(true);
    expect(cfg.companyName).toBe('Acme');
  });

  it('rejects invalid values', () => {
    expect(() => readConfig({ VITE_MAINTENANCE: 'maybe' })).toThrow(/VITE_MAINTENANCE/);
    expect(() => readConfig({ VITE_API_BASE_URL: 'ftp://x' })).toThrow(/VITE_API_BASE_URL/);
  });
});
