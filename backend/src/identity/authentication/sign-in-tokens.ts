import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../platform/config/app-config';
import { APP_CONFIG } from '../../platform/storage/storage-tokens';
import { CODE_LENGTH } from '@cans/domain/identity/identity-rules';
import type { AccessTokenClaims } from './authenticated-user';
import type { PasswordLinkPurpose } from '@cans/domain/identity/credentials.events';

interface ChallengeClaims {
  sub: string;
  cid: string;
  typ: 'sign-in-challenge';
}

interface PasswordLinkClaims {
  sub: string;
  lid: string;
  purpose: PasswordLinkPurpose;
  typ: 'password-link';
}

/**
 * Every secret the sign-in flow hands out: access tokens, the challenge between password and code, password
 * links, verification codes and device ids. Each JWT carries a `typ`, so one kind can never pass for another.
 */
@Injectable()
export class SignInTokens {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  newId(): string {
    return randomUUID();
  }

  accessToken(subject: string, sessionId: string, kind: AccessTokenClaims['kind'], ttlMs: number): string {
    const claims: AccessTokenClaims = { sub: subject, jti: sessionId, typ: 'access', kind };
    return this.jwt.sign(claims, { expiresIn: Math.floor(ttlMs / 1000) });
  }

  challengeToken(userId: string, challengeId: string, ttlMs: number): string {
    const claims: ChallengeClaims = { sub: userId, cid: challengeId, typ: 'sign-in-challenge' };
    return this.jwt.sign(claims, { expiresIn: Math.floor(ttlMs / 1000) });
  }

  readChallengeToken(token: string | undefined): { userId: string; challengeId: string } | null {
    const claims = this.verify<ChallengeClaims>(token);
    return claims?.typ === 'sign-in-challenge' ? { userId: claims.sub, challengeId: claims.cid } : null;
  }

  passwordLinkToken(userId: string, linkId: string, purpose: PasswordLinkPurpose, ttlMs: number): string {
    const claims: PasswordLinkClaims = { sub: userId, lid: linkId, purpose, typ: 'password-link' };
    return this.jwt.sign(claims, { expiresIn: Math.floor(ttlMs / 1000) });
  }

  readPasswordLinkToken(token: string | undefined): { userId: string; linkId: string; purpose: PasswordLinkPurpose } | null {
    const claims = this.verify<PasswordLinkClaims>(token);
    if (claims?.typ !== 'password-link' || (claims.purpose !== 'initial' && claims.purpose !== 'reset')) return null;
    return { userId: claims.sub, linkId: claims.lid, purpose: claims.purpose };
  }

  /** Six random digits. */
  verificationCode(): string {
    return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  }

  /** Keyed hash bound to the challenge: a code is worthless for any other sign-in, and not stored in clear. */
  codeHash(challengeId: string, code: string): string {
    return createHmac('sha256', this.config.jwtSecret).update(`${challengeId}:${code}`).digest('hex');
  }

  codeMatches(challengeId: string, code: string, expectedHash: string): boolean {
    const actual = Buffer.from(this.codeHash(challengeId, code), 'hex');
    const expected = Buffer.from(expectedHash, 'hex');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  newDeviceId(): string {
    return randomBytes(32).toString('base64url');
  }

  deviceHash(deviceId: string): string {
    return createHash('sha256').update(deviceId).digest('hex');
  }

  private verify<T extends object>(token: string | undefined): T | null {
    if (!token || token.length > 4096) return null;
    try {
      return this.jwt.verify<T>(token, { algorithms: ['HS256'] });
    } catch {
      return null;
    }
  }
}

/** "jdoe@example.org" → "j***@example.org". */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}***@${domain ?? ''}`;
}

/** "555-010-0001" → "***-***-0001". */
export function maskPhone(phone: string): string {
  return `***-***-${phone.replace(/\D/g, '').slice(-4)}`;
}
