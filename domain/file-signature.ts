/**
 * What a file is, from its first bytes (its "magic number"), never from its name or the type the
 * browser claims, and the generic upload limits of SPEC §5 / §9 with the uses that apply them.
 * Shared by the server (checks every stored upload) and the SPA (what the file picker offers, the
 * sizes it announces). Pure: no React, no Node (bytes are a Uint8Array; a Node Buffer is one).
 *
 *   kind   signature                                   where
 *   pdf    %PDF-                                       offset 0
 *   png    89 50 4E 47 0D 0A 1A 0A                     offset 0
 *   jpeg   FF D8 FF                                    offset 0
 *   gif    GIF87a | GIF89a                             offset 0
 *   webp   RIFF at 0 and WEBP at 8                     (RIFF....WEBP)
 *   zip    PK 03 04 (a local file header), PK 05 06 (an empty archive's end record)
 *   rar    Rar! 1A 07 (RAR 1.5–4 adds 00, RAR 5 adds 01 00)
 *   tar    ustar at offset 257 (POSIX and GNU headers; read before mp4: a member name could hold "ftyp")
 *   mp4    ftyp at offset 4 (the ISO base media file type box: .mp4 and .m4v), except HEIF/AVIF
 *          image brands, which carry the same box
 *   ole    D0 CF 11 E0 A1 B1 1A E1 (old Office files, encrypted workbooks: bulk import tells them apart)
 */

export type FileKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'zip' | 'rar' | 'tar' | 'mp4' | 'ole';

/** How many leading bytes `detectFileKind` reads at most (TAR's "ustar" ends at byte 262). */
export const SIGNATURE_HEAD_BYTES = 512;

/** Signatures also read on their own (server/modules/imports/sniff-file.ts). */
export const OLE_SIGNATURE: readonly number[] = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
export const ZIP_LOCAL_SIGNATURE: readonly number[] = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY_SIGNATURE = [0x50, 0x4b, 0x05, 0x06];
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const RAR_SIGNATURE = [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07];
/** ISO-BMFF brands of still images (HEIC, HEIF, AVIF): an "ftyp" box but no video. */
const IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis']);

/** Whether `bytes` holds `signature` at `offset`. */
export function startsWithBytes(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, index) => bytes[offset + index] === value);
}

function asciiAt(bytes: Uint8Array, offset: number, text: string): boolean {
  if (bytes.length < offset + text.length) return false;
  for (let index = 0; index < text.length; index++) if (bytes[offset + index] !== text.charCodeAt(index)) return false;
  return true;
}

function asciiOf(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));
}

/** The kind of a file from its first bytes (pass at least SIGNATURE_HEAD_BYTES when the file has them); null when unknown. */
export function detectFileKind(head: Uint8Array): FileKind | null {
  if (asciiAt(head, 0, '%PDF-')) return 'pdf';
  if (startsWithBytes(head, PNG_SIGNATURE)) return 'png';
  if (startsWithBytes(head, JPEG_SIGNATURE)) return 'jpeg';
  if (asciiAt(head, 0, 'GIF87a') || asciiAt(head, 0, 'GIF89a')) return 'gif';
  if (asciiAt(head, 0, 'RIFF') && asciiAt(head, 8, 'WEBP')) return 'webp';
  if (startsWithBytes(head, ZIP_LOCAL_SIGNATURE) || startsWithBytes(head, ZIP_EMPTY_SIGNATURE)) return 'zip';
  if (startsWithBytes(head, RAR_SIGNATURE)) return 'rar';
  if (startsWithBytes(head, OLE_SIGNATURE)) return 'ole';
  if (asciiAt(head, 257, 'ustar')) return 'tar';
  if (asciiAt(head, 4, 'ftyp')) return IMAGE_BRANDS.has(asciiOf(head, 8, 12)) ? null : 'mp4';
  return null;
}

/** The kind each accepted extension must contain. */
export const EXTENSION_KINDS: Readonly<Record<string, FileKind>> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  zip: 'zip',
  rar: 'rar',
  tar: 'tar',
  mp4: 'mp4',
  m4v: 'mp4',
};

/** The content type a stored file is served with: from its checked kind, never from the client. */
export const KIND_CONTENT_TYPES: Readonly<Record<FileKind, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  tar: 'application/x-tar',
  mp4: 'video/mp4',
  ole: 'application/x-ole-storage',
};

/** The lower-case extension of a file name ('' when it has none). */
export function fileExtension(fileName: string): string {
  return /\.([A-Za-z0-9]{1,10})$/.exec(String(fileName).trim())?.[1]?.toLowerCase() ?? '';
}

const MB = 1024 * 1024;

/** SPEC §5 / §9: the generic upload limits, bytes. */
export const UPLOAD_SIZE_LIMITS = {
  video: 500 * MB,
  attachment: 50 * MB,
  preview: 500 * MB,
  image: 5 * MB,
} as const;

/** One use of an upload: which extensions (and so which contents) it takes, and how large. */
export interface UploadUse {
  readonly maxBytes: number;
  readonly extensions: readonly string[];
}

/**
 * Receipts attached to an expense: images (JPEG, PNG, WebP, GIF), PDF, and SPEC §5's attachment
 * archives (.zip .rar .tar), each at most 50 MB; at most 10 files per expense (ours to choose: a
 * receipt, an invoice and the paperwork around one payment, with room to spare).
 */
export const EXPENSE_ATTACHMENT_USE = {
  maxBytes: UPLOAD_SIZE_LIMITS.attachment,
  extensions: ['pdf', 'jpg', 'jpeg', 'png', 'webp', 'gif', 'zip', 'rar', 'tar'],
  maxPerExpense: 10,
} as const satisfies UploadUse & { maxPerExpense: number };

/** The campaign video on the public page: SPEC §5's video extensions, at most 500 MB. */
export const CAMPAIGN_VIDEO_USE = {
  maxBytes: UPLOAD_SIZE_LIMITS.video,
  extensions: ['mp4', 'm4v'],
} as const satisfies UploadUse;

/** ".pdf, .jpg, …": the accepted types as a file input's `accept` and as the text of a refusal. */
export function acceptedExtensions(use: UploadUse, separator = ', '): string {
  return use.extensions.map((extension) => `.${extension}`).join(separator);
}

/** The accepted extension of `fileName` for `use`, or null when that type is not accepted. */
export function allowedExtension(use: UploadUse, fileName: string): string | null {
  const extension = fileExtension(fileName);
  return extension !== '' && use.extensions.includes(extension) ? extension : null;
}

/** Whether the first bytes of a file are what its extension says (a renamed .exe is not a .pdf). */
export function contentMatchesExtension(extension: string, head: Uint8Array): boolean {
  const expected = Object.hasOwn(EXTENSION_KINDS, extension) ? EXTENSION_KINDS[extension] : undefined;
  return expected !== undefined && detectFileKind(head) === expected;
}

/** "50 MB", "500 MB", "1.5 MB", "900 KB": sizes in messages and lists (binary units, as the limits are). */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) {
    const value = bytes / MB;
    return `${Number.isInteger(value) ? value : value.toFixed(1)} MB`;
  }
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
