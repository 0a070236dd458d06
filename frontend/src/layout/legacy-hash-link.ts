/**
 * The app used hash routes (/#/privacy) before it routed by path. Links of that form (bookmarks, mails already
 * sent) keep working: /#/x?y becomes /x?y in place, without a reload, before the router starts.
 */
export function followLegacyHashLink(target: Pick<Window, 'location' | 'history'>): void {
  const { hash } = target.location;
  if (!hash.startsWith('#/')) return;
  const path = hash.slice(1);
  // A same-origin path only: '#//host' would otherwise name another site.
  if (path.startsWith('//') || path.startsWith('/\\')) return;
  target.history.replaceState(null, '', path);
}
