import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { normaliseIp } from '@cans/domain/identity/ip-address';
import type { TrustProxy } from '../config/trust-proxy';

/**
 * The client IP (per-IP rate limits, API users' IP allow-list, the system log). X-Forwarded-For is believed only
 * from the peers TRUST_PROXY names (Express `trust proxy`): from anyone else it is the client's own claim, and
 * believing it would let a client pick its IP. The address derived is normalised (IPv4-mapped IPv6 to IPv4, a
 * forwarded port dropped), and one that is not an IP at all (garbage a proxy passed on) gives way to the peer's.
 */
export { normaliseIp };

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
