import { sanitizeHtml } from '../../shared/sanitize-html';

/** Stands for a placeholder link while sanitizeHtml (which keeps http(s) links only) runs. */
const STAND_IN = 'https://placeholder.invalid/';

/**
 * sanitizeHtml, keeping links whose address is a placeholder (`<a href="{{link}}">`): the mail fills the address in
 * when it is sent, and the server checks it is an http(s) URL then.
 */
export function sanitizeTemplateHtml(html: string): string {
  const shielded = html.replace(/(href\s*=\s*["']?)\s*\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/gi, `$1${STAND_IN}$2/`);
  return sanitizeHtml(shielded).replace(/href="https:\/\/placeholder\.invalid\/([A-Za-z][A-Za-z0-9_]*)\/"/g, 'href="{{$1}}"');
}
