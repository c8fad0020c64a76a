/**
 * The origin of the presigned S3 URLs the browser PUTs private uploads to (S3_BUCKET set): the CSP's
 * connect-src must name it, as uploads to our own /private-files/upload are covered by 'self'.
 * The same rules as the AWS SDK's presigner: with S3_ENDPOINT, that endpoint (path style) or
 * bucket.endpoint (virtual-hosted); on AWS, s3.REGION.amazonaws.com or BUCKET.s3.REGION.amazonaws.com.
 * Downloads are navigations (a link), not fetches: they need no CSP entry.
 */
import type { S3Config } from '../../config';

export function s3BrowserOrigin(s3: Pick<S3Config, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>): string {
  const endpoint = new URL(s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`);
  // Virtual-hosted style needs a DNS-safe bucket name (no dots over https); the SDK falls back to path style otherwise.
  const virtualHosted = !s3.forcePathStyle && !(endpoint.protocol === 'https:' && s3.bucket.includes('.')) && /^[a-z0-9][a-z0-9.-]*[a-z0-9]$/.test(s3.bucket);
  if (virtualHosted) endpoint.hostname = `${s3.bucket}.${endpoint.hostname}`;
  return endpoint.origin;
}
