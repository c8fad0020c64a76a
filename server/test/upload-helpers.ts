/** Helpers for upload tests: a PNG header of a given size and a multipart body with one file. */

/** The first bytes of a PNG of the given size (plus `extra` zero bytes): enough for the type and size checks. */
export function png(width: number, height: number, extra = 0): Buffer {
  const head = Buffer.alloc(33 + extra);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(head, 0);
  head.writeUInt32BE(13, 8);
  head.write('IHDR', 12, 'ascii');
  head.writeUInt32BE(width, 16);
  head.writeUInt32BE(height, 20);
  return head;
}

/** A multipart/form-data body with `file` in field "file". */
export function multipart(file: Buffer, filename: string, contentType = 'image/png') {
  const boundary = '----cdt-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
