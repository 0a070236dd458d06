import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { isIP } from 'node:net';
import type { TrustProxy } from '../config/trust-proxy';

/**
 * The client IP (per-IP rate limits, API users' IP allow-list, the system log). X-Forwarded-For is believed only
 * from the peers TRUST_PROXY names (Express `trust proxy`): from anyone else it is the client's own claim, and
 * believing it would let a client pick its IP. The address derived is normalised (IPv4-mapped IPv6 to IPv4, a
 * forwarded port dropped), and one that is not an IP at all (garbage a proxy passed on) gives way to the peer's.
 */
export function deriveClientIp(app: NestExpressApplication, trustProxy: TrustProxy): void {
  app.set('trust proxy', trustProxy);
  app.use(normaliseClientIp);
}

function normaliseClientIp(request: Request, _response: Response, next: NextFunction): void {
  const derived = request.ip;
  const ip = normaliseIp(derived) ?? normaliseIp(request.socket.remoteAddress) ?? derived;
  // An own property shadows Express's getter, so every later reader sees the normalised address.
  Object.defineProperty(request, 'ip', { value: ip, configurable: true, enumerable: true, writable: true });
  next();
}

/** A canonical spelling of an IP address, or null when the text is not one. */
export function normaliseIp(text: string | undefined | null): string | null {
  if (!text) return null;
  let address = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(address);
  if (mapped) address = mapped[1];
  const version = isIP(address);
  if (version === 0) return null;
  return version === 6 ? address.toLowerCase() : address;
}
