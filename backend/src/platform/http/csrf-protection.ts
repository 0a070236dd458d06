import { ForbiddenException, HttpException, HttpStatus } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_REFUSED = 'This request came from another site and was refused. Open CANS directly and try again.';
export const JSON_ONLY = 'Send the request body as JSON (Content-Type: application/json).';

/**
 * Cross-site request forgery. The browser sends the session cookie (SameSite=Lax) with requests from pages of the
 * same site, and the sign-in cookies with any request to this app it is told to make; a page elsewhere could make
 * it post a form. So every state change (POST, PUT, PATCH, DELETE):
 * - with a body takes JSON only (415 otherwise): a cross-site page cannot send application/json without a CORS
 *   preflight, which this app never grants; forms and text/plain are what it can send;
 * - from a browser (anything not authenticated with an `Authorization: Bearer` header, which no other site can
 *   make a browser send) is refused with 403 when `Sec-Fetch-Site` says cross-site, or when an `Origin` header is
 *   present and is not this app's origin. This app's origin is the origin of PUBLIC_URL, or any origin whose
 *   host (name and port) is the request's Host header: a TLS-terminating proxy may hand the request over plain
 *   HTTP, so the scheme is not compared with the request's. Clients that send no Origin (curl, servers) pass.
 * Runs before the body parsers, so a refused body is never parsed.
 */
export function refuseCrossSiteRequests(app: NestExpressApplication, publicUrl: string): void {
  const publicOrigin = originOf(publicUrl);
  app.use((request: Request, _response: Response, next: NextFunction) => {
    if (!STATE_CHANGING_METHODS.has(request.method)) return next();
    if (!hasBearerToken(request) && !isSameOrigin(request, publicOrigin)) return next(new ForbiddenException(CROSS_SITE_REFUSED));
    if (hasBody(request) && !request.is('application/json')) {
      return next(
        new HttpException({ statusCode: 415, error: 'Unsupported Media Type', message: JSON_ONLY }, HttpStatus.UNSUPPORTED_MEDIA_TYPE),
      );
    }
    next();
  });
}

function hasBearerToken(request: Request): boolean {
  return /^bearer\s+\S/i.test(request.headers.authorization ?? '');
}

function isSameOrigin(request: Request, publicOrigin: string | null): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const url = parseUrl(origin);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false; // "null" among others
  if (url.origin === publicOrigin) return true;
  const host = request.headers.host;
  // The Host header read with the Origin's scheme, so a default port (":443") compares equal to none.
  return host !== undefined && parseUrl(`${url.protocol}//${host}`)?.host === url.host;
}

/** A body on the wire: chunked, or a Content-Length above zero. */
function hasBody(request: Request): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(request.headers['content-length'] ?? 0);
  return !Number.isFinite(length) || length > 0;
}

function originOf(url: string): string | null {
  return parseUrl(url)?.origin ?? null;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
