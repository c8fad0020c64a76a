/**
 * File storage: a local folder by default (DATA_DIR/uploads), served read-only at /files/<key>.
 * Keys are relative paths made by the server (never taken from a client as they are).
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withDefaultAccess } from '../../plugins/access';

export const FILES_PREFIX = '/files/';

export interface FileStorage {
  /** Stores `data` under `key` (atomically: a reader never sees half a file). */
  save(key: string, data: Buffer): Promise<void>;
  /** Whether a file is stored under `key` (false for a key that would leave the storage folder). */
  exists(key: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

function localStorage(root: string): FileStorage {
  const inside = (key: string): string | null => {
    const target = path.resolve(root, key);
    return target.startsWith(root + path.sep) ? target : null;
  };
  return {
    async save(key, data) {
      const target = inside(key);
      if (!target) throw new Error(`storage key escapes the storage folder: ${key}`);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.partial`;
      await writeFile(partial, data);
      await rename(partial, target);
    },
    async exists(key) {
      const target = inside(key);
      if (!target) return false;
      return stat(target).then((info) => info.isFile(), () => false);
    },
  };
}

export async function registerFileStorage(app: FastifyInstance, uploadsDir: string): Promise<void> {
  const root = path.resolve(uploadsDir);
  await mkdir(root, { recursive: true });
  app.decorate('storage', localStorage(root));
  // Public: keys carry a random suffix (profile pictures are shown to other members and in e-mails).
  await withDefaultAccess(app, 'public', () => app.register(fastifyStatic, {
    root,
    prefix: FILES_PREFIX,
    decorateReply: false,
    index: false,
    // Stored names carry a random suffix: a key never changes content.
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox");
    },
  }));
}
