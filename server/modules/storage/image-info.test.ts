import { describe, expect, it } from 'vitest';
import { readImageInfo } from './image-info';

function jpeg(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

describe('readImageInfo', () => {
  it('reads a JPEG size from its start-of-frame segment, past other segments', () => {
    expect(readImageInfo(jpeg(640, 480))).toEqual({ mime: 'image/jpeg', width: 640, height: 480 });
  });

  it('reads GIF and WebP (VP8X) sizes', () => {
    const gif = Buffer.from([...Buffer.from('GIF89a'), 0x2c, 0x01, 0xc8, 0x00, 0, 0, 0]);
    expect(readImageInfo(gif)).toEqual({ mime: 'image/gif', width: 300, height: 200 });
    const webp = Buffer.alloc(32);
    webp.write('RIFF', 0, 'ascii');
    webp.write('WEBPVP8X', 8, 'ascii');
    webp.writeUIntLE(799, 24, 3);
    webp.writeUIntLE(599, 27, 3);
    expect(readImageInfo(webp)).toEqual({ mime: 'image/webp', width: 800, height: 600 });
  });

  it('says no for text, truncated files and look-alikes', () => {
    expect(readImageInfo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readImageInfo(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
    expect(readImageInfo(Buffer.from('GIF87'))).toBeNull();
  });
});
