/*
 * Library descriptions are HTML (spec "a description (HTML)"). They are written by administrators, but are still
 * reduced to a small set of formatting tags before being shown, so no script or handler can run.
 */
const ALLOWED = new Set(['P', 'BR', 'B', 'STRONG', 'I', 'EM', 'U', 'UL', 'OL', 'LI', 'SPAN', 'DIV', 'A', 'H4', 'H5', 'H6']);

export function sanitizeHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, '');
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  const clean = (node: Element) => {
    for (const child of Array.from(node.children)) {
      if (!ALLOWED.has(child.tagName)) {
        if (['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED'].includes(child.tagName)) child.remove();
        else child.replaceWith(...Array.from(child.childNodes));
        continue;
      }
      for (const attribute of Array.from(child.attributes)) {
        const keep = child.tagName === 'A' && attribute.name === 'href' && /^https?:/i.test(attribute.value);
        if (!keep) child.removeAttribute(attribute.name);
      }
      if (child.tagName === 'A') child.setAttribute('rel', 'noopener noreferrer');
      clean(child);
    }
  };
  const root = doc.body.firstElementChild as Element;
  // Unwrapping may expose new children: clean until stable (bounded).
  for (let i = 0; i < 5; i += 1) clean(root);
  return root.innerHTML;
}
