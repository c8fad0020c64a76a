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

  it('widens a GIF to its largest frame (decoders grow the canvas to fit it)', () => {
    const descriptor = (left: number, top: number, width: number, height: number) => {
      const d = Buffer.alloc(10);
      d[0] = 0x2c;
      d.writeUInt16LE(left, 1);
      d.writeUInt16LE(top, 3);
      d.writeUInt16LE(width, 5);
      d.writeUInt16LE(height, 7);
      return d;
    };
    const lzw = Buffer.from([0x02, 0x02, 0x4c, 0x01, 0x00]);
    const gif = Buffer.concat([
      Buffer.from('GIF89a'),
      Buffer.from([0x0a, 0x00, 0x0a, 0x00, 0x80, 0, 0]), // 10×10 screen, global colour table of 2
      Buffer.alloc(6),
      Buffer.from([0x21, 0xf9, 0x04, 0, 0, 0, 0, 0x00]), // graphic control extension
      descriptor(0, 0, 10, 10), lzw,
      descriptor(100, 50, 60000, 20000), lzw,
      Buffer.from([0x3b]),
    ]);
    expect(readImageInfo(gif)).toEqual({ mime: 'image/gif', width: 60100, height: 20050 });
  });

  it('reads a 20000×20000 PNG from its IHDR, and refuses a zero size', () => {
    const ihdr = (width: number, height: number) => {
      const b = Buffer.alloc(33);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
      b.writeUInt32BE(13, 8);
      b.write('IHDR', 12, 'ascii');
      b.writeUInt32BE(width, 16);
      b.writeUInt32BE(height, 20);
      return b;
    };
    expect(readImageInfo(ihdr(20_000, 20_000))).toEqual({ mime: 'image/png', width: 20_000, height: 20_000 });
    expect(readImageInfo(ihdr(0, 10))).toBeNull();
  });

  it('says no for text, truncated files and look-alikes', () => {
    expect(readImageInfo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readImageInfo(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
    expect(readImageInfo(Buffer.from('GIF87'))).toBeNull();
  });
});
