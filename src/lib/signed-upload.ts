/**
 * Sends one file to a signed upload URL the API gave (POST …presigned_url: our own
 * PUT /private-files/upload?token=…, or an S3 presigned PUT) with a progress callback. Used by the
 * bulk upload, expense attachments and the campaign video. The token in the URL is the credential:
 * no Authorization header is sent, and an absolute (S3) URL gets none of our default headers.
 */
import axios, { type AxiosProgressEvent } from 'axios';
import { plainClient } from './api-client';
import { isRelativeSignedUrl } from './signed-download';

/** What a presigned_url answers that the PUT needs. */
export interface SignedUploadTarget {
  url: string;
  /** Headers the PUT must send as they are (the content type the server signed). */
  headers: Record<string, string>;
}

/** S3 (or any other absolute target): no interceptors, no Authorization, no default JSON headers. */
const bareClient = axios.create();

/**
 * PUTs `file` with the signed headers (or `fallbackContentType` when none names the type), reporting
 * the percentage sent (0–100, 100 once the server has answered).
 */
export async function putSignedFile(target: SignedUploadTarget, file: Blob, onProgress: (percent: number) => void, options: { signal?: AbortSignal; fallbackContentType?: string } = {}): Promise<void> {
  const onUploadProgress = (event: AxiosProgressEvent) => {
    const total = event.total ?? file.size;
    onProgress(total > 0 ? Math.min(100, Math.round((event.loaded / total) * 100)) : 0);
  };
  const signedType = Object.keys(target.headers).some((name) => name.toLowerCase() === 'content-type');
  const headers = signedType ? target.headers : { ...target.headers, 'Content-Type': options.fallbackContentType || file.type || 'application/octet-stream' };
  const config = { headers, onUploadProgress, signal: options.signal };
  if (isRelativeSignedUrl(target.url)) await plainClient.put(target.url, file, config);
  else await bareClient.put(target.url, file, config);
  onProgress(100);
}
