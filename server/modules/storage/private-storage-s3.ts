/**
 * The S3 driver of private storage (S3_BUCKET set): streamed uploads with @aws-sdk/lib-storage
 * (multipart past 5 MB, aborted on failure), presigned GET URLs that name the download
 * (ResponseContentDisposition) and forbid caching. Loaded only when configured.
 * With S3_ENDPOINT (MinIO, R2, s3rver …), checksums are sent only when an operation requires them:
 * many S3-compatible servers do not understand the SDK's default flexible checksums.
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Config } from '../../config';
import {
  assertPrivateKey,
  assertSaveOptions,
  assertSignedDownloadOptions,
  assertSignedUploadOptions,
  attachmentDisposition,
  byteLimit,
  PrivateFileNotFoundError,
  PrivateFileTooLargeError,
  toReadable,
  type PrivateStorage,
} from './private-storage';

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound';
  return false;
}

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
  });
}

export function createS3PrivateStorage(config: S3Config, client: S3Client = createS3Client(config)): PrivateStorage {
  const Bucket = config.bucket;

  return {
    driver: 's3',

    async save(key, body, options) {
      assertPrivateKey(key);
      assertSaveOptions(options);
      if (Buffer.isBuffer(body) && body.length > options.maxBytes) throw new PrivateFileTooLargeError(options.maxBytes);
      const source = toReadable(body);
      const counter = byteLimit(options.maxBytes);
      // The upload completes only after the counter has passed the last byte: a body over maxBytes
      // fails the stream first, and lib-storage then aborts its multipart upload (nothing is stored).
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: counter, ContentType: options.contentType }, leavePartsOnError: false });
      try {
        await Promise.all([pipeline(source, counter), upload.done()]);
      } catch (error) {
        source.destroy();
        counter.destroy();
        await upload.abort().catch(() => undefined);
        throw error instanceof PrivateFileTooLargeError || counter.bytes > options.maxBytes ? new PrivateFileTooLargeError(options.maxBytes) : error;
      }
      return { key, size: counter.bytes };
    },

    async open(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: assertPrivateKey(key) }));
        if (!(result.Body instanceof Readable)) throw new Error('S3 GetObject did not return a Node stream');
        return result.Body;
      } catch (error) {
        if (isNotFound(error)) throw new PrivateFileNotFoundError();
        throw error;
      }
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: assertPrivateKey(key) }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream', modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertPrivateKey(key) }));
    },

    async signedDownloadUrl(key, options) {
      assertPrivateKey(key);
      assertSignedDownloadOptions(key, options);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(options.fileName),
        ResponseCacheControl: 'private, no-store',
      });
      return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
    },

    async signedUploadUrl(key, options) {
      assertSignedUploadOptions(key, options);
      // Content-Length and Content-Type are signed: S3 refuses a body of any other size or type.
      const command = new PutObjectCommand({ Bucket, Key: key, ContentType: options.contentType, ContentLength: options.sizeBytes });
      const url = await getSignedUrl(client, command, { expiresIn: options.expiresInSeconds, signableHeaders: new Set(['content-type', 'content-length']) });
      return { url, method: 'PUT', headers: { 'content-type': options.contentType } };
    },

    async close() {
      client.destroy();
    },
  };
}
