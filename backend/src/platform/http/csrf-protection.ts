import { ForbiddenException, HttpException, HttpStatus } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Public reads that record nothing, which a monitor or a status page elsewhere may call: the only API routes a
 * browser may reach from another site.
 */
const CROSS_SITE_READS = new Set(['/api/health', '/api/ready']);

export const CROSS_SITE_REFUSED = 'This request came from another site and was refused. Open CANS directly and try again.';
export const JSON_ONLY = 'Send the request body as JSON (Content-Type: application/json).';

/**
 * Cross-site request forgery. The browser sends the session cookie (SameSite=Lax) with requests from pages of the
 * same site and with top-level navigations from anywhere (a link, `window.open`, a form with GET); a page elsewhere
 * could so make a signed-in user's browser change data, or fetch a PDF or an export, which records a read or an
 * export in the user's name. So:
 * - every request to the API (`/api/…`, any method, GETs included) from a browser (anything not authenticated with an
 *   `Authorization: Bearer` header, which no other site can make a browser send) is refused with 403 when it comes
 *   from another site: `Sec-Fetch-Site` is `cross-site` or `same-site` (another subdomain is another application),
 *   or an `Origin` header is present and is not this app's, or, from a browser that sends no fetch metadata, a
 *   `Referer` names another origin. `Sec-Fetch-Site: same-origin` (the app's own fetches, links and downloads) and
 *   `none` (a typed URL, a bookmark) pass, as do clients that send none of these headers (curl, servers). Only
 *   `GET /api/health` and `GET /api/ready` are open to other sites; the UI's pages (outside `/api`) open from links
 *   anywhere;
 * - a state change (POST, PUT, PATCH, DELETE) with a body takes JSON only (415 otherwise): a cross-site page cannot
 *   send application/json without a CORS preflight, which this app never grants.
 * This app's origin is the origin of PUBLIC_URL, or any origin whose host (name and port) is the request's Host
 * header: a TLS-terminating proxy may hand the request over plain HTTP, so the scheme is not compared with the
 * request's. Runs before the body parsers and every guard and handler, so a refused request is never parsed and
 * records nothing.
 */
export function refuseCrossSiteRequests(app: NestExpressApplication, publicUrl: string): void {
  const publicOrigin = originOf(publicUrl);
  app.use((request: Request, _response: Response, next: NextFunction) => {
    const stateChanging = STATE_CHANGING_METHODS.has(request.method);
    if (!stateChanging && !isApiPath(request.path)) return next();
    if (!hasBearerToken(request) && isFromAnotherSite(request, publicOrigin) && !isOpenToOtherSites(request)) {
      return next(new ForbiddenException(CROSS_SITE_REFUSED));
    }
    if (stateChanging && hasBody(request) && !request.is('application/json')) {
      return next(
        new HttpException({ statusCode: 415, error: 'Unsupported Media Type', message: JSON_ONLY }, HttpStatus.UNSUPPORTED_MEDIA_TYPE),
      );
    }
    next();
  });
}

/** Express matches routes case-insensitively and with a trailing slash: so does this. */
const normalisedPath = (path: string): string => path.toLowerCase().replace(/\/+$/, '');

function isApiPath(path: string): boolean {
  const normalised = normalisedPath(path);
  return normalised === '/api' || normalised.startsWith('/api/');
}

function isOpenToOtherSites(request: Request): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && CROSS_SITE_READS.has(normalisedPath(request.path));
}

function hasBearerToken(request: Request): boolean {
  return /^bearer\s+\S/i.test(request.headers.authorization ?? '');
}

function isFromAnotherSite(request: Request, publicOrigin: string | null): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin !== undefined && !isThisAppsOrigin(origin, request, publicOrigin)) return true;
  // Without fetch metadata (older browsers), a Referer from elsewhere gives a cross-site navigation away.
  const referer = request.headers.referer;
  return site === undefined && referer !== undefined && !isThisAppsOrigin(referer, request, publicOrigin);
}

/** The origin of `text` (an Origin or a Referer) is PUBLIC_URL's or the request Host's. */
function isThisAppsOrigin(text: string, request: Request, publicOrigin: string | null): boolean {
  const url = parseUrl(text);
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
