/**
 * Server-side sanitising of the library's rich-text descriptions (they are rendered as HTML on the
 * questionnaire, the summary and the print views, so they must never carry script).
 *
 * Approach: an allow-list re-serialiser, not a filter. The input is tokenised into text, tags and comments; the
 * output is rebuilt from scratch, so every `<` in the output belongs to a tag this module wrote itself:
 * - allowed tags (basic formatting) are written lower-case with NO attributes, except `href` on `<a>` when it is
 *   an http(s) or mailto URL (written escaped, with rel="noopener noreferrer");
 * - every other tag is dropped but its text is kept; the content of script-like elements (script, style,
 *   iframe, object, template, …) is dropped entirely; comments, doctypes and processing instructions are dropped;
 * - text is escaped: `<` and `>` become entities, a bare `&` becomes `&amp;` (valid entities are kept);
 * - open tags are balanced: stray closing tags are dropped and unclosed tags are closed at the end;
 * - pictures (issue 28 item 16, spec "Upload of pictures must be under 1M"): `<img>` is kept only with a `src` that
 *   is a base64 `data:image/png`, `image/jpeg` or `image/gif` URL (no other scheme, no SVG: an SVG can carry
 *   script) of at most 1 MB decoded, and an `alt` text; it is written as `<img src="…" alt="…">` with nothing
 *   else. Base64 has no character that needs escaping, so the `src` cannot leave its attribute. A larger picture is
 *   dropped here; the write paths refuse it first with 400 (richTextPictureRefusal).
 */

/** Formatting tags a description may use. */
export const RICH_TEXT_ALLOWED_TAGS: ReadonlySet<string> = new Set([
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

const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'hr', 'img']);

/** Largest picture a rich-text field may hold, decoded (spec: under 1M). */
export const RICH_TEXT_PICTURE_MAX_BYTES = 1_048_576;
/** The spec's message for a larger picture (client and server). */
export const PICTURE_TOO_LARGE = 'Please do not upload files larger than 1M in size.';
/** The picture types a rich-text field may embed. */
export const RICH_TEXT_PICTURE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif'];

/** A picture's src: a base64 data URL of one of RICH_TEXT_PICTURE_TYPES (case as written by browsers). */
const PICTURE_SRC = /^data:image\/(?:png|jpeg|gif);base64,([A-Za-z0-9+/]*={0,2})$/;
/** Any data URL of a picture in a text, to measure or leave out (the text without its pictures). */
const PICTURE_DATA = /data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=\s]*/gi;
const ALT_MAX_LENGTH = 250;

/** Decoded size of base64 text. */
const decodedBytes = (base64: string): number => Math.floor((base64.replace(/=+$/, '').length * 3) / 4);

/** The base64 of an allowed picture src within the size limit, else undefined. */
function allowedPictureSrc(src: string | undefined): string | undefined {
  if (src === undefined) return undefined;
  const match = PICTURE_SRC.exec(src.trim());
  if (!match || match[1].length % 4 !== 0 || decodedBytes(match[1]) > RICH_TEXT_PICTURE_MAX_BYTES) return undefined;
  return src.trim();
}

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

/** Elements whose whole content is dropped with them (raw text or embedded documents). */
const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set([
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
  'head',
]);

const TAG_NAME = /^[a-zA-Z][a-zA-Z0-9-]*/;
const ENTITY = /^&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});/;
const SAFE_URL = /^(?:https?:\/\/|mailto:)[^\s"'<>`]*$/i;

function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<') out += '&lt;';
    else if (c === '>') out += '&gt;';
    else if (c === '&') {
      const entity = ENTITY.exec(text.slice(i, i + 40));
      if (entity) {
        out += entity[0];
        i += entity[0].length - 1;
      } else out += '&amp;';
    } else out += c;
  }
  return out;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Decodes the few entities that could hide a scheme in an href ("jav&#x61;script:"). */
function decodeForUrlCheck(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16) % 0x110000))
    .replace(/&#([0-9]+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec) % 0x110000))
    .replace(/&colon;/gi, ':')
    .replace(/&amp;/gi, '&')
    .trim();
}

interface ParsedTag {
  name: string;
  closing: boolean;
  attributes: Map<string, string>;
  /** Index just after the closing '>' of the tag. */
  end: number;
}

/** Parses the tag starting at html[start] === '<'; undefined when it is not a tag (the '<' is then text). */
function parseTag(html: string, start: number): ParsedTag | undefined {
  let i = start + 1;
  const closing = html[i] === '/';
  if (closing) i += 1;
  const nameMatch = TAG_NAME.exec(html.slice(i, i + 64));
  if (!nameMatch) return undefined;
  const name = nameMatch[0].toLowerCase();
  i += nameMatch[0].length;
  const attributes = new Map<string, string>();
  while (i < html.length) {
    while (i < html.length && /[\s/]/.test(html[i])) i++;
    if (i >= html.length) return undefined;
    if (html[i] === '>') return { name, closing, attributes, end: i + 1 };
    const attrStart = i;
    while (i < html.length && !/[\s/>=]/.test(html[i])) i++;
    const attrName = html.slice(attrStart, i).toLowerCase();
    while (i < html.length && /\s/.test(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < html.length && /\s/.test(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close < 0) return undefined;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !/[\s>]/.test(html[i])) i++;
        value = html.slice(valueStart, i);
      }
    }
    if (attrName && !attributes.has(attrName)) attributes.set(attrName, value);
  }
  return undefined;
}

/** A picture as stored: its allowed src and its alt text, nothing else; '' when the src is not allowed. */
function pictureTag(tag: ParsedTag): string {
  const src = allowedPictureSrc(tag.attributes.get('src'));
  if (!src) return '';
  const alt = decodeForUrlCheck(tag.attributes.get('alt') ?? '').slice(0, ALT_MAX_LENGTH);
  return `<img src="${src}" alt="${escapeAttribute(alt)}">`;
}

function openTag(tag: ParsedTag): string {
  if (tag.name !== 'a') return `<${tag.name}>`;
  const href = tag.attributes.get('href');
  if (href === undefined) return '<a>';
  const decoded = decodeForUrlCheck(href);
  if (!SAFE_URL.test(decoded)) return '<a>';
  return `<a href="${escapeAttribute(decoded)}" rel="noopener noreferrer">`;
}

/** Returns the sanitised HTML (see the module comment). Non-string input gives ''. */
export function sanitizeRichText(html: unknown): string {
  if (typeof html !== 'string') return '';
  const open: string[] = [];
  let out = '';
  let text = '';
  const flushText = () => {
    out += escapeText(text);
    text = '';
  };
  let i = 0;
  while (i < html.length) {
    const c = html[i];
    if (c !== '<') {
      text += c;
      i++;
      continue;
    }
    if (html.startsWith('<!--', i)) {
      const close = html.indexOf('-->', i + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      const close = html.indexOf('>', i + 2);
      i = close < 0 ? html.length : close + 1;
      continue;
    }
    const tag = parseTag(html, i);
    if (!tag) {
      text += c;
      i++;
      continue;
    }
    flushText();
    i = tag.end;
    if (DROPPED_WITH_CONTENT.has(tag.name)) {
      if (!tag.closing) {
        const closer = new RegExp(`</${tag.name}[\\s/>]`, 'i');
        const rest = closer.exec(html.slice(i));
        if (!rest) i = html.length;
        else {
          const after = html.indexOf('>', i + rest.index);
          i = after < 0 ? html.length : after + 1;
        }
      }
      continue;
    }
    if (!RICH_TEXT_ALLOWED_TAGS.has(tag.name)) continue;
    if (VOID_TAGS.has(tag.name)) {
      if (!tag.closing) out += tag.name === 'img' ? pictureTag(tag) : `<${tag.name}>`;
      continue;
    }
    if (!tag.closing) {
      out += openTag(tag);
      open.push(tag.name);
      continue;
    }
    const at = open.lastIndexOf(tag.name);
    if (at < 0) continue;
    while (open.length > at) out += `</${open.pop()}>`;
  }
  flushText();
  while (open.length) out += `</${open.pop()}>`;
  return out;
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
