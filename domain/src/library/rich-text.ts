/**
 * Server-side sanitising of rich text (library descriptions, help, the notification, email templates): it is rendered
 * as HTML on the questionnaire, the summary, the print views and in mail, so it must never carry script.
 *
 * sanitize-html (a maintained parser-based sanitiser) rebuilds the HTML from the allow-list in rich-text-policy.ts,
 * the same list the page's DOMPurify uses:
 * - allowed tags (basic formatting) keep no attributes, except `href` on `<a>` when it is an http(s) or mailto URL
 *   (with rel="noopener noreferrer" added);
 * - every other tag is dropped but its text is kept; the content of script-like elements (script, style, iframe,
 *   object, template, …) is dropped entirely; comments, doctypes and processing instructions are dropped;
 * - pictures (issue 28 item 16, spec "Upload of pictures must be under 1M"): `<img>` is kept only with a `src` that is
 *   a base64 `data:image/png`, `image/jpeg` or `image/gif` URL of at most 1 MB decoded, and its `alt` text (at most
 *   250 characters); nothing else. A larger picture is dropped here; the write paths refuse it first with 400
 *   (richTextPictureRefusal).
 */
import sanitizeHtml from 'sanitize-html';
import {
  allowedLink,
  allowedPictureSrc,
  decodedBytes,
  LINK_REL,
  PICTURE_ALT_MAX_LENGTH,
  RICH_TEXT_ALLOWED_ATTRIBUTES,
  RICH_TEXT_ALLOWED_TAGS,
  RICH_TEXT_DROPPED_WITH_CONTENT,
  RICH_TEXT_PICTURE_MAX_BYTES,
} from './rich-text-policy';

export { RICH_TEXT_PICTURE_MAX_BYTES } from './rich-text-policy';

/** The spec's message for a larger picture (client and server). */
export const PICTURE_TOO_LARGE = 'Please do not upload files larger than 1M in size.';

/** Any data URL of a picture in a text, to measure or leave out (the text without its pictures). */
const PICTURE_DATA = /data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=\s]*/gi;

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  // The schemes are checked in full by allowedLink and allowedPictureSrc; these are sanitize-html's own second line.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  transformTags: {
    a: (tagName, attribs) => {
      const href = allowedLink(attribs.href);
      const kept: sanitizeHtml.Attributes = href ? { href, rel: LINK_REL } : {};
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const src = allowedPictureSrc(attribs.src);
      const kept: sanitizeHtml.Attributes = src ? { src, alt: (attribs.alt ?? '').slice(0, PICTURE_ALT_MAX_LENGTH) } : {};
      return { tagName, attribs: kept };
    },
  },
  // A picture whose src was not allowed has none left: it goes.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * The refusal (PICTURE_TOO_LARGE) when the HTML embeds a picture over RICH_TEXT_PICTURE_MAX_BYTES decoded, else
 * null: the write paths answer it as a field message (400) before the sanitiser would drop the picture.
 */
export function richTextPictureRefusal(html: unknown): string | null {
  if (typeof html !== 'string') return null;
  for (const match of html.matchAll(PICTURE_DATA)) {
    const base64 = match[0].slice(match[0].indexOf(',') + 1).replace(/\s+/g, '');
    if (decodedBytes(base64) > RICH_TEXT_PICTURE_MAX_BYTES) return PICTURE_TOO_LARGE;
  }
  return null;
}

/** The length of rich text as its maximum length counts it: pictures' data left out (their size has its own limit). */
export function richTextLength(html: unknown): number {
  return typeof html === 'string' ? html.replace(PICTURE_DATA, '').length : 0;
}

/** Returns the sanitised HTML (see the module comment). Non-string input gives ''. */
export function sanitizeRichText(html: unknown): string {
  if (typeof html !== 'string') return '';
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/**
 * The sanitised HTML, or '' when it shows no text and no picture (an editor's empty paragraph, spaces, line breaks): what a
 * setting whose empty value means "none" records.
 */
export function sanitizedRichTextOrEmpty(html: unknown): string {
  const sanitized = sanitizeRichText(html).trim();
  if (/<img /.test(sanitized)) return sanitized; // a picture shows without text
  const visibleText = sanitized
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return visibleText ? sanitized : '';
}
