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
 * - open tags are balanced: stray closing tags are dropped and unclosed tags are closed at the end.
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
]);

const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'hr']);

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
      if (!tag.closing) out += `<${tag.name}>`;
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
 * The sanitised HTML, or '' when it shows no text (an editor's empty paragraph, spaces, line breaks): what a
 * setting whose empty value means "none" records.
 */
export function sanitizedRichTextOrEmpty(html: unknown): string {
  const sanitized = sanitizeRichText(html).trim();
  const visibleText = sanitized
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return visibleText ? sanitized : '';
}
