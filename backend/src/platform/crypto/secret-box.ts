import { Logger } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { requireStrongSecret } from '../config/secret-strength';

/**
 * Secrets that settings must keep (the mail server's password) are sealed before they are recorded, so neither the
 * event log nor a read model nor a backup holds them in clear: AES-256-GCM (authenticated: a changed byte fails to
 * open) with a key from the environment (SETTINGS_SECRET_KEY, any long random string; its SHA-256 is the key).
 * Sealed text: "v1:" + base64(iv | tag | ciphertext).
 */
export class SecretBox {
  private static readonly logger = new Logger('SecretBox');
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(secret, 'utf8').digest();
  }

  /**
   * From the environment. Production refuses to start without a key; elsewhere (a newcomer's machine, tests) a
   * fixed development key is used and said so, since what it seals there is demo data.
   */
  static fromEnvironment(env: NodeJS.ProcessEnv = process.env): SecretBox {
    const secret = settingsSecretKey(env);
    if (secret) return new SecretBox(secret);
    SecretBox.logger.warn('SETTINGS_SECRET_KEY is not set: secrets of the settings are sealed with a development key.');
    return new SecretBox('cans-development-settings-key: not for production');
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
  }

  /** The plain secret; throws when the text was not sealed with this key (or was changed). */
  open(sealed: string): string {
    if (!sealed.startsWith('v1:')) throw new Error('Not a sealed secret.');
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }
}

export const SECRET_BOX = Symbol('SECRET_BOX');

/**
 * SETTINGS_SECRET_KEY as set, or null outside production without one (the development key is used then). In
 * production a missing or clearly weak key stops the start with one line (main.ts checks it before Nest starts).
 */
export function settingsSecretKey(env: NodeJS.ProcessEnv = process.env): string | null {
  const secret = env.SETTINGS_SECRET_KEY;
  if (env.NODE_ENV === 'production') return requireStrongSecret('SETTINGS_SECRET_KEY', secret);
  return secret || null;
}
