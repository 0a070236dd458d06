import { createSecretKey } from 'node:crypto';
import { Injectable, Inject } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AppConfig } from '../../platform/config/app-config';
import { APP_CONFIG } from '../../platform/storage/storage-tokens';
import { ACCESS_TOKEN_COOKIE, AccessTokenClaims, AuthenticatedUser } from './authenticated-user';
import { PrincipalService } from './principal.service';
import { stagesOf, timeStage } from '../../platform/http/server-timing';

/** Browsers send the token in an HttpOnly cookie; API clients may send it as a Bearer header. */
const fromCookie = (request: Request): string | null => {
  const cookies = (request as Request & { cookies?: Record<string, string> }).cookies;
  return cookies?.[ACCESS_TOKEN_COOKIE] ?? null;
};

/**
 * Verifies the signature and expiry, then looks the session and user up (PrincipalService): a token whose
 * session ended, whose user was deactivated, locked or expired, or whose password was replaced is refused (401)
 * on the very next request, and privileges are the group's current ones.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly principals: PrincipalService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([ExtractJwt.fromAuthHeaderAsBearerToken(), fromCookie]),
      // A key object made once: given the string, jsonwebtoken would rebuild it on every request (~0.5 ms).
      // jsonwebtoken 9 takes a KeyObject; passport-jwt's types predate that.
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret)) as unknown as string,
      algorithms: ['HS256'],
      passReqToCallback: true,
    });
  }

  async validate(request: Request, claims: AccessTokenClaims): Promise<AuthenticatedUser | false> {
    return (await timeStage(stagesOf(request), 'auth', () => this.principals.principalFor(claims, request.ip ?? null))) ?? false;
  }
}
