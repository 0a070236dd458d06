import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with its OWASP-recommended defaults (19 MiB, 2 passes).
 * The PHC string it returns records the parameters, so stronger settings later still verify old hashes.
 */
@Injectable()
export class PasswordHasher {
  /** A hash of a random password: verifying against it costs the same as a real check (no timing oracle). */
  private decoy: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (!passwordHash) {
      this.decoy ??= hash(`decoy-${Math.random()}`);
      await verify(await this.decoy, password).catch(() => false);
      return false;
    }
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }
}
