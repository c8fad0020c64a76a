/**
 * Gateway secrets at rest: AES-256-GCM with a key from PAYMENT_SECRET_KEY (base64, 32 bytes) or, by
 * default, derived from the server's token secret (kept in DATA_DIR/secret.key). Stored as
 * 'v1.<iv>.<tag>.<ciphertext>' (base64url). A secret is decrypted only to call the provider.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function secretBox(keyMaterial: string): SecretBox {
  const key = createHash('sha256').update(`gateway-secrets:${keyMaterial}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** What is shown of a secret: its last 4 characters. */
export function lastFour(secret: string): string {
  return secret.slice(-4);
}
