/** Signed file links of the API (private downloads, upload targets): where they point and how a page downloads one. */
import { apiClient } from './api-client';

/** A signed URL relative to the API ("/private-files/…") is our own target: it goes to the API's base URL. */
export function isRelativeSignedUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** Where a signed URL points for the browser: relative ones under the API's base URL. */
export function signedUrlHref(url: string): string {
  return isRelativeSignedUrl(url) ? `${(apiClient.defaults.baseURL ?? '').replace(/\/+$/, '')}${url}` : url;
}

/** Starts the browser's download of a signed link (the server answers it as an attachment). */
export function downloadSignedFile(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = signedUrlHref(url);
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
