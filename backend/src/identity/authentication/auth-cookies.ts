import type { CookieOptions, Request, Response } from 'express';
import type { IdentityConfig } from '../identity-config';
import { REMEMBERED_DEVICE_TTL_MS, SIGN_IN_CHALLENGE_TTL_MS } from '@cans/domain/identity/identity-rules';
import { ACCESS_TOKEN_COOKIE, DEVICE_COOKIE, SIGN_IN_CHALLENGE_COOKIE } from './authenticated-user';

/**
 * HttpOnly (JavaScript never sees a token), SameSite=Lax (no cross-site POSTs carry it), Secure when the request
 * came over HTTPS (behind the proxy: X-Forwarded-Proto) or always in production.
 */
function baseOptions(request: Request, config: IdentityConfig, path = '/'): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: config.secureCookiesAlways || request.secure, path };
}

/** 7 days with remember-me (spec §9), otherwise a session cookie that ends with the browser. */
export function setAccessCookie(
  request: Request,
  response: Response,
  config: IdentityConfig,
  token: string,
  persistentForMs: number | null,
): void {
  response.cookie(ACCESS_TOKEN_COOKIE, token, { ...baseOptions(request, config), ...(persistentForMs ? { maxAge: persistentForMs } : {}) });
}

export function clearAccessCookie(request: Request, response: Response, config: IdentityConfig): void {
  response.clearCookie(ACCESS_TOKEN_COOKIE, baseOptions(request, config));
}

export function setChallengeCookie(request: Request, response: Response, config: IdentityConfig, token: string): void {
  response.cookie(SIGN_IN_CHALLENGE_COOKIE, token, { ...baseOptions(request, config, '/api/auth'), maxAge: SIGN_IN_CHALLENGE_TTL_MS });
}

export function clearChallengeCookie(request: Request, response: Response, config: IdentityConfig): void {
  response.clearCookie(SIGN_IN_CHALLENGE_COOKIE, baseOptions(request, config, '/api/auth'));
}

export function setDeviceCookie(request: Request, response: Response, config: IdentityConfig, deviceId: string): void {
  response.cookie(DEVICE_COOKIE, deviceId, { ...baseOptions(request, config, '/api/auth'), maxAge: REMEMBERED_DEVICE_TTL_MS });
}

export function readCookie(request: Request, name: string): string | undefined {
  const value = (request as Request & { cookies?: Record<string, unknown> }).cookies?.[name];
  return typeof value === 'string' && value.length <= 4096 ? value : undefined;
}
