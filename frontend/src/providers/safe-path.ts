/**
 * A redirect target from the address (/redirect?path=, /login?redirect=) as a path inside this app, or undefined.
 * Only same-origin relative paths pass: no scheme (https:, javascript:), no protocol-relative //host or /\host, so
 * a crafted link cannot send a signed-in user to another site (open redirect). 'home' (the spec's
 * /login?redirect=home) means /home.
 */
export function appPath(value: string | null | undefined): string | undefined {
  const raw = value?.trim();
  if (!raw) return undefined;
  const path = raw.startsWith('/') ? raw : /^[A-Za-z0-9_-][A-Za-z0-9_/-]*$/.test(raw) ? `/${raw}` : undefined;
  if (!path || path.startsWith('//') || path.includes('\\')) return undefined;
  const origin = window.location.origin;
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return undefined;
  }
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
}
