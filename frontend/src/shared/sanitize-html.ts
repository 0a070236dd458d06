/*
 * Library descriptions are HTML (spec "a description (HTML)"). Before any of it is put into the page it is reduced to
 * basic formatting (the same tag list as the server's rich-text sanitiser), so no script or handler can run.
 */
const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'span',
  'div',
  'a',
  'pre',
  'code',
  'hr',
  'img',
]);
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'svg',
  'math',
  'select',
  'head',
]);
const SAFE_HREF = /^(https?:|mailto:)/i;
/** A picture (the server's rule, domain/src/library/rich-text.ts): a base64 PNG, JPEG or GIF data URL only; no SVG. */
const PICTURE_SRC = /^data:image\/(?:png|jpeg|gif);base64,[A-Za-z0-9+/]*={0,2}$/;

/** Keeps basic formatting only: no attributes except an http(s)/mailto href on links, and a data-URL picture's src and alt. */
export function sanitizeHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const clean = (source: Node, target: Node) => {
    source.childNodes.forEach((child) => {
      if (child.nodeType === Node.TEXT_NODE) {
        target.appendChild(document.createTextNode(child.textContent ?? ''));
        return;
      }
      if (!(child instanceof Element)) return;
      const element: Element = child;
      const tag = element.tagName.toLowerCase();
      if (DROPPED_WITH_CONTENT.has(tag)) return;
      if (!ALLOWED_TAGS.has(tag)) {
        clean(element, target); // unwrap: keep the text, drop the tag
        return;
      }
      if (tag === 'img') {
        const src = (element.getAttribute('src') ?? '').trim();
        if (!PICTURE_SRC.test(src)) return;
        const picture = document.createElement('img');
        picture.setAttribute('src', src);
        picture.setAttribute('alt', element.getAttribute('alt') ?? '');
        target.appendChild(picture);
        return;
      }
      const copy = document.createElement(tag);
      const href = element.getAttribute('href');
      if (tag === 'a' && href && SAFE_HREF.test(href.trim())) {
        copy.setAttribute('href', href.trim());
        copy.setAttribute('rel', 'noopener noreferrer');
      }
      clean(element, copy);
      target.appendChild(copy);
    });
  };
  const container = document.createElement('div');
  clean(parsed.body, container);
  return container.innerHTML;
}
