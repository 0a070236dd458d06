/*
 * Rich text (library descriptions, help, the notification, email templates) is HTML. Before any of it is put into the
 * page it goes through DOMPurify with the server's allow-list (domain/src/library/rich-text-policy.ts), so no script
 * or handler can run even if something unsanitised reached the page.
 */
import DOMPurify from 'dompurify';
import {
  allowedLink,
  allowedPictureSrc,
  LINK_REL,
  PICTURE_ALT_MAX_LENGTH,
  RICH_TEXT_ALLOWED_ATTRIBUTES,
  RICH_TEXT_ALLOWED_TAGS,
  RICH_TEXT_DROPPED_WITH_CONTENT,
} from '@cans/domain/library/rich-text-policy';

const purifier = DOMPurify(window);
const ALLOWED_ATTRIBUTES: string[] = [...new Set(Object.values(RICH_TEXT_ALLOWED_ATTRIBUTES).flat())];

// Attributes are allowed per tag (an href only on a link, a src and alt only on a picture), with the server's URL rules.
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (!(node instanceof Element)) return;
  const tag = node.tagName.toLowerCase();
  const allowedHere = RICH_TEXT_ALLOWED_ATTRIBUTES[tag] ?? [];
  for (const name of node.getAttributeNames()) if (!allowedHere.includes(name)) node.removeAttribute(name);
  if (tag === 'a') {
    const href = allowedLink(node.getAttribute('href'));
    if (href) {
      node.setAttribute('href', href);
      node.setAttribute('rel', LINK_REL);
    } else {
      node.removeAttribute('href');
      node.removeAttribute('rel');
    }
  }
  if (tag === 'img') {
    const src = allowedPictureSrc(node.getAttribute('src'));
    if (!src) return node.remove();
    node.setAttribute('src', src);
    node.setAttribute('alt', (node.getAttribute('alt') ?? '').slice(0, PICTURE_ALT_MAX_LENGTH));
  }
});

/** Keeps basic formatting only: no attributes except an http(s)/mailto href on links, and a data-URL picture's src and alt. */
export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_ALLOWED_TAGS],
    ALLOWED_ATTR: ALLOWED_ATTRIBUTES,
    // Pictures are data URLs, checked in full by allowedPictureSrc; links by allowedLink.
    ADD_DATA_URI_TAGS: ['img'],
    FORBID_CONTENTS: [...RICH_TEXT_DROPPED_WITH_CONTENT],
    KEEP_CONTENT: true,
  });
}
