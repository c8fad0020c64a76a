import { describe, expect, it } from 'vitest';
import { acceptedExtensions, allowedExtension, CAMPAIGN_VIDEO_USE, contentMatchesExtension, detectFileKind, EXPENSE_ATTACHMENT_USE, fileExtension, formatFileSize, UPLOAD_SIZE_LIMITS } from './file-signature';

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));
const tar = () => {
  const head = new Uint8Array(512);
  head.set(bytes('notes.txt'), 0);
  head.set(bytes('ustar'), 257);
  return head;
};

describe('file signatures', () => {
  it('tells each accepted kind from its first bytes', () => {
    expect(detectFileKind(bytes('%PDF-1.4'))).toBe('pdf');
    expect(detectFileKind(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(detectFileKind(bytes([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpeg');
    expect(detectFileKind(bytes('GIF87a'))).toBe('gif');
    expect(detectFileKind(bytes('GIF89a'))).toBe('gif');
    expect(detectFileKind(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8L'))).toBe('webp');
    expect(detectFileKind(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(detectFileKind(bytes('PK', [3, 4]))).toBe('zip');
    expect(detectFileKind(bytes('PK', [5, 6]))).toBe('zip');
    expect(detectFileKind(bytes('Rar!', [0x1a, 0x07, 0x00]))).toBe('rar');
    expect(detectFileKind(bytes('Rar!', [0x1a, 0x07, 0x01, 0x00]))).toBe('rar');
    expect(detectFileKind(tar())).toBe('tar');
    expect(detectFileKind(bytes([0, 0, 0, 0x18], 'ftypisom'))).toBe('mp4');
    expect(detectFileKind(bytes([0, 0, 0, 0x18], 'ftypM4V '))).toBe('mp4');
    expect(detectFileKind(bytes([0, 0, 0, 0x18], 'ftypheic'))).toBeNull();
    expect(detectFileKind(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe('ole');
    expect(detectFileKind(bytes('MZ', [0x90, 0]))).toBeNull();
    expect(detectFileKind(new Uint8Array())).toBeNull();
  });

  it('the extension must agree with the content: a renamed program is not a PDF', () => {
    expect(contentMatchesExtension('pdf', bytes('%PDF-1.7'))).toBe(true);
    expect(contentMatchesExtension('pdf', bytes('MZ', [0x90, 0]))).toBe(false);
    expect(contentMatchesExtension('jpg', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false);
    expect(contentMatchesExtension('m4v', bytes([0, 0, 0, 0x18], 'ftypmp42'))).toBe(true);
    expect(contentMatchesExtension('valueOf', bytes('%PDF-'))).toBe(false);
  });

  it("SPEC §5's limits and the uses that apply them", () => {
    const MB = 1024 * 1024;
    expect(UPLOAD_SIZE_LIMITS).toEqual({ video: 500 * MB, attachment: 50 * MB, preview: 500 * MB, image: 5 * MB });
    expect(EXPENSE_ATTACHMENT_USE.maxBytes).toBe(50 * MB);
    expect(CAMPAIGN_VIDEO_USE).toEqual({ maxBytes: 500 * MB, extensions: ['mp4', 'm4v'] });
    expect(acceptedExtensions(CAMPAIGN_VIDEO_USE)).toBe('.mp4, .m4v');
    expect(allowedExtension(EXPENSE_ATTACHMENT_USE, 'Receipt.PDF')).toBe('pdf');
    expect(allowedExtension(EXPENSE_ATTACHMENT_USE, 'setup.exe')).toBeNull();
    expect(allowedExtension(EXPENSE_ATTACHMENT_USE, 'noextension')).toBeNull();
    expect(fileExtension(' a.tar ')).toBe('tar');
    expect([formatFileSize(50 * MB), formatFileSize(1.5 * MB), formatFileSize(2048), formatFileSize(12)]).toEqual(['50 MB', '1.5 MB', '2 KB', '12 B']);
  });
});
