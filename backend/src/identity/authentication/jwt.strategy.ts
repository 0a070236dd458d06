import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AppConfig } from '../../platform/config/app-config';
import { APP_CONFIG } from '../../platform/storage/storage-tokens';
import { isPrivilege } from '../access/privileges';
import { ACCESS_TOKEN_COOKIE, AccessTokenClaims, AuthenticatedUser } from './authenticated-user';

/** Browsers send the token in an HttpOnly cookie; API clients may send it as a Bearer header. */
const fromCookie = (request: Request): string | null => {
  const cookies = (request as Request & { cookies?: Record<string, string> }).cookies;
  return cookies?.[ACCESS_TOKEN_COOKIE] ?? null;
};

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([fromCookie, ExtractJwt.fromAuthHeaderAsBearerToken()]),
      secretOrKey: config.jwtSecret,
      algorithms: ['HS256'],
    });
  }

  validate(claims: AccessTokenClaims): AuthenticatedUser {
    return {
      id: claims.sub,
      username: claims.username,
      privileges: (claims.privileges ?? []).filter(isPrivilege),
    };
  }
}
