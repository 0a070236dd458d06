/*
 * The one allow-list for rich text (library descriptions, help, the notification, email templates), read by the
 * server's sanitiser (rich-text.ts, sanitize-html) and the page's (frontend/src/shared/sanitize-html.ts, DOMPurify).
 * Dependency-free so the page can import it.
 */

/** Formatting tags rich text may use; every other tag is dropped and its text kept. */
export const RICH_TEXT_ALLOWED_TAGS: readonly string[] = [
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
];

/** Elements dropped together with their content (raw text or embedded documents). */
export const RICH_TEXT_DROPPED_WITH_CONTENT: readonly string[] = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'frameset',
  'frame',
  'applet',
  'svg',
  'math',
  'select',
  'option',
  'head',
];

/** The only attributes kept: a link's address (with rel added) and a picture's data and alt text. */
export const RICH_TEXT_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href', 'rel'], img: ['src', 'alt'] };

/** A link may point to an http(s) or mailto address, nothing else (no javascript:, data:, relative or protocol-relative). */
export const SAFE_LINK = /^(?:https?:\/\/|mailto:)[^\s"'<>`]*$/i;
/** What every kept link carries. */
export const LINK_REL = 'noopener noreferrer';

/** Largest picture a rich-text field may hold, decoded (spec: under 1M). */
export const RICH_TEXT_PICTURE_MAX_BYTES = 1_048_576;
/** The picture types a rich-text field may embed (no SVG: an SVG can carry script). */
export const RICH_TEXT_PICTURE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif'];
/** A picture's src: a base64 data URL of one of RICH_TEXT_PICTURE_TYPES; group 1 is the base64. */
export const PICTURE_SRC = /^data:image\/(?:png|jpeg|gif);base64,([A-Za-z0-9+/]*={0,2})$/;
/** Longest alt text kept. */
export const PICTURE_ALT_MAX_LENGTH = 250;

/** Decoded size of base64 text. */
export const decodedBytes = (base64: string): number => Math.floor((base64.replace(/=+$/, '').length * 3) / 4);

/** The picture src as kept (trimmed) when it is an allowed type within the size limit, else undefined. */
export function allowedPictureSrc(src: string | undefined | null): string | undefined {
  if (src === undefined || src === null) return undefined;
  const trimmed = src.trim();
  const match = PICTURE_SRC.exec(trimmed);
  if (!match || match[1].length % 4 !== 0 || decodedBytes(match[1]) > RICH_TEXT_PICTURE_MAX_BYTES) return undefined;
  return trimmed;
}

/** The link address as kept (trimmed) when it is SAFE_LINK, else undefined. */
export function allowedLink(href: string | undefined | null): string | undefined {
  const trimmed = href?.trim();
  return trimmed && SAFE_LINK.test(trimmed) ? trimmed : undefined;
}
