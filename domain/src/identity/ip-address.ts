import { isIP } from 'node:net';

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
