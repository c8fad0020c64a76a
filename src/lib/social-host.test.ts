import { socialHostUrl } from './social-host';

describe('socialHostUrl', () => {
  it('sends social calls to the social host when one is configured', () => {
    expect(socialHostUrl('/oauth2/token', { socialLoginUrl: 'https://id.example.org/' })).toBe('https://id.example.org/oauth2/token');
  });

  it('keeps them on the main API otherwise', () => {
    expect(socialHostUrl('/oauth2/token', { socialLoginUrl: '' })).toBe('/oauth2/token');
  });
});
