import { sanitizeRichText } from '../library/rich-text';
import type { EmailTemplateContent } from './email-templates';

/**
 * Rendering of an email template: `{{name}}` placeholders are replaced by the sender's values. In the body a
 * value is HTML-escaped (it is data, never markup); in a link's href it must make an http(s) or mailto URL, else
 * the href is dropped. An unknown placeholder renders empty. The plain-text alternative is derived from the HTML.
 */

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;
const SAFE_URL = /^(?:https?:\/\/|mailto:)[^\s"'<>`]*$/i;
/** Stands for a placeholder at the start of an href while the sanitiser (which keeps http(s) URLs only) runs. */
const HREF_STAND_IN = 'https://placeholder.invalid/';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const decodeEntities = (value: string) =>
  value
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#x([0-9a-f]{1,6});/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16) % 0x110000))
    .replace(/&#([0-9]{1,7});/g, (_, dec: string) => String.fromCodePoint(Number(dec) % 0x110000))
    .replace(/&amp;/g, '&');

const valueOf = (values: Readonly<Record<string, string>>, name: string) =>
  Object.prototype.hasOwnProperty.call(values, name) ? String(values[name] ?? '') : '';

/**
 * The body as it is saved: the library's rich-text sanitiser, with placeholder links kept (`<a href="{{link}}">`
 * would otherwise lose its href, which is not yet a URL).
 */
export function sanitizeEmailTemplateBody(html: unknown): string {
  if (typeof html !== 'string') return '';
  const shielded = html.replace(
    /(href\s*=\s*["']?)\s*\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/gi,
    (_, attribute: string, name: string) => `${attribute}${HREF_STAND_IN}${name}/`,
  );
  return sanitizeRichText(shielded).replace(
    /href="https:\/\/placeholder\.invalid\/([A-Za-z][A-Za-z0-9_]*)\//g,
    (_, name: string) => `href="{{${name}}}`,
  );
}

/** The subject: values as they are (it is a header, not HTML), on one line. */
export function renderSubject(subject: string, values: Readonly<Record<string, string>>): string {
  return subject
    .replace(PLACEHOLDER, (_, name: string) => valueOf(values, name))
    .replace(/[\r\n\t]+/g, ' ')
    .trim();
}

/** The body's HTML with the values in; links whose href does not make a safe URL lose the href. */
export function renderBody(body: string, values: Readonly<Record<string, string>>): string {
  return body
    .replace(/<a href="([^"]*)"/g, (_, href: string) => {
      const url = decodeEntities(href)
        .replace(PLACEHOLDER, (__, name: string) => valueOf(values, name))
        .trim();
      return SAFE_URL.test(url) ? `<a href="${escapeHtml(url)}"` : '<a';
    })
    .replace(PLACEHOLDER, (_, name: string) => escapeHtml(valueOf(values, name)));
}

/** A readable plain-text version of sanitised HTML: paragraphs and breaks kept, links as "text: URL". */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/\s+/g, ' ')
      .replace(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_, href: string, inner: string) => {
        const label = inner.replace(/<[^>]*>/g, '').trim();
        return !label || decodeEntities(label) === decodeEntities(href) ? href : `${label}: ${href}`;
      })
      .replace(/<br ?\/?>/g, '\n')
      .replace(/<hr ?\/?>/g, '\n\n----\n\n')
      .replace(/<li>/g, '\n- ')
      .replace(/<\/(p|div|h[1-6]|blockquote|pre|ul|ol)>/g, '\n\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Subject, HTML and text of one mail. */
export function renderEmailTemplate(template: EmailTemplateContent, values: Readonly<Record<string, string>>): RenderedMail {
  const html = renderBody(template.body, values);
  return { subject: renderSubject(template.subject, values), html, text: `${htmlToText(html)}\n` };
}
