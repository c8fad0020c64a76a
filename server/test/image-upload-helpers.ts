/** Upload tests beyond one file: multipart bodies with any parts, and images too big to decode. */
import { png } from './upload-helpers';

export interface Part {
  name: string;
  /** A file part when set; a plain field otherwise. */
  filename?: string;
  value: Buffer | string;
}

/** A multipart/form-data body with the given parts, in order. */
export function multipartParts(parts: Part[]) {
  const boundary = '----cdt-test-parts';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename !== undefined ? 'Content-Type: image/png\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The start of a 20000×20000 PNG: signature and IHDR only. The real file of one colour is about
 * 380 KB and decodes to 400 MB (grey) or 1.6 GB (RGBA); the server must refuse it from these bytes.
 */
export function pngBomb(): Buffer {
  return png(20_000, 20_000, 1024);
}

export const IMAGE_DIMENSIONS_MESSAGE = "Image width and height can't be more than 4096X4096 pixels";
