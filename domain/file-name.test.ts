import { randomLetters, sanitizeFileName } from './file-name';

describe('sanitizeFileName', () => {
  it('strips special characters and adds the suffix before the extension', () => {
    expect(sanitizeFileName('My photo (1)!.PNG', { suffix: 'abcdefgh' })).toBe('My-photo-1_abcdefgh.png');
    expect(sanitizeFileName('../../etc/passwd', { suffix: 'abcdefgh' })).toBe('passwd_abcdefgh');
    expect(sanitizeFileName('Café résumé.jpeg', { suffix: 'abcdefgh' })).toBe('Cafe-resume_abcdefgh.jpeg');
    expect(sanitizeFileName('C:\\Users\\me\\pic 2.png', { suffix: 'abcdefgh' })).toBe('pic-2_abcdefgh.png');
    expect(sanitizeFileName('<script>.svg', { suffix: 'abcdefgh' })).toBe('script_abcdefgh.svg');
  });

  it('falls back to "file" and can replace the extension', () => {
    expect(sanitizeFileName('!!!.png', { suffix: 'abcdefgh' })).toBe('file_abcdefgh.png');
    expect(sanitizeFileName('.hidden', { suffix: 'abcdefgh' })).toBe('hidden_abcdefgh');
    expect(sanitizeFileName('portrait.heic', { suffix: 'abcdefgh', extension: 'jpg' })).toBe('portrait_abcdefgh.jpg');
  });

  it('adds a random 8-letter suffix by default', () => {
    const name = sanitizeFileName('avatar.png');
    expect(name).toMatch(/^avatar_[a-z]{8}\.png$/);
    expect(randomLetters()).toMatch(/^[a-z]{8}$/);
    expect(new Set(Array.from({ length: 20 }, () => randomLetters())).size).toBeGreaterThan(1);
  });
});
