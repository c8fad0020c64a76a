/**
 * Reads an uploaded image's real type and size from its bytes (never from the file name or the
 * client's MIME type): PNG, JPEG, GIF and WebP. Anything else is not an image to us. Only headers
 * are read, nothing is decoded, so the size is known before anyone spends memory on the pixels:
 *   PNG   IHDR width and height
 *   JPEG  the first start-of-frame segment (SOF0–SOF15 but DHT, JPG, DAC)
 *   GIF   the logical screen, widened to the largest frame (image descriptor): decoders grow the
 *         canvas to fit a frame that is bigger than the screen
 *   WebP  the VP8X canvas, or the VP8 / VP8L bitstream header
 * A width or height of 0 is not an image.
 */
export interface ImageInfo {
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  width: number;
  height: number;
}

function png(b: Buffer): ImageInfo | null {
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47 || b.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { mime: 'image/png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): ImageInfo | null {
  if (b.length < 10 || !/^GIF8[79]a$/.test(b.toString('ascii', 0, 6))) return null;
  let width = b.readUInt16LE(6);
  let height = b.readUInt16LE(8);
  // Walk the blocks (skipping colour tables and data sub-blocks) to every image descriptor.
  const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  const skipSubBlocks = (from: number): number => {
    let at = from;
    while (at < b.length && b[at] !== 0) at += 1 + b[at];
    return at + 1;
  };
  let offset = b.length >= 13 ? 13 + colourTable(b[10]) : b.length;
  while (offset < b.length) {
    const block = b[offset];
    if (block === 0x21) {
      offset = skipSubBlocks(offset + 2);
    } else if (block === 0x2c && offset + 10 <= b.length) {
      width = Math.max(width, b.readUInt16LE(offset + 1) + b.readUInt16LE(offset + 5));
      height = Math.max(height, b.readUInt16LE(offset + 3) + b.readUInt16LE(offset + 7));
      offset = skipSubBlocks(offset + 10 + colourTable(b[offset + 9]) + 1);
    } else {
      break; // trailer (0x3b), truncated or unknown: what was read so far stands
    }
  }
  return { mime: 'image/gif', width, height };
}

function webp(b: Buffer): ImageInfo | null {
  if (b.length < 30 || b.toString('ascii', 0, 4) !== 'RIFF' || b.toString('ascii', 8, 12) !== 'WEBP') return null;
  const chunk = b.toString('ascii', 12, 16);
  if (chunk === 'VP8X') return { mime: 'image/webp', width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8 ') return { mime: 'image/webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { mime: 'image/webp', width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return null;
}

function jpeg(b: Buffer): ImageInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 9 < b.length) {
    if (b[offset] !== 0xff) return null;
    const marker = b[offset + 1];
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = b.readUInt16BE(offset + 2);
    // Start-of-frame markers carry the size (C0–CF except C4 DHT, C8 JPG, CC DAC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { mime: 'image/jpeg', height: b.readUInt16BE(offset + 5), width: b.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

export function readImageInfo(bytes: Buffer): ImageInfo | null {
  const info = png(bytes) ?? jpeg(bytes) ?? gif(bytes) ?? webp(bytes);
  return info && info.width > 0 && info.height > 0 ? info : null;
}
