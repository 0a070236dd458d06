import { isIP } from 'node:net';
import { ConfigurationError } from './configuration-error';

/** Express `trust proxy`: off, a hop count, or the proxies' addresses, subnets and named ranges. */
export type TrustProxy = false | number | string[];

/** The names proxy-addr (Express) knows for address ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset, "" , "false" or "0" → off (X-Forwarded-For is ignored); "2" → trust that many hops;
 * "loopback, 10.0.0.0/8, 192.0.2.7" → trust peers in those ranges. "true" (trust every peer) is refused: any
 * client could then pick its own IP. Anything else stops the start rather than silently trusting too much.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 10) return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isTrustedProxyEntry(entry));
  if (invalid.length > 0) {
    throw new ConfigurationError(
      `TRUST_PROXY must name the reverse proxy: a hop count (1-10), or a comma-separated list of IP addresses, ` +
        `CIDR subnets and loopback/linklocal/uniquelocal; cannot use ${invalid.map((entry) => `"${entry}"`).join(', ')}`,
    );
  }
  return entries;
}

function isTrustedProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}
