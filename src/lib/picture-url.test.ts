import { pictureUrl } from './picture-url';

describe('pictureUrl', () => {
  it('prefixes storage keys with the bucket base URL (the server serves them at /files)', () => {
    expect(pictureUrl('profile-pictures/u-1/me_abcdefgh.jpg')).toBe('/files/profile-pictures/u-1/me_abcdefgh.jpg');
    expect(pictureUrl('https://cdn.example.org/a.png')).toBe('https://cdn.example.org/a.png');
    expect(pictureUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(pictureUrl('')).toBe('/default-avatar.svg');
    expect(pictureUrl(null)).toBe('/default-avatar.svg');
  });
});
