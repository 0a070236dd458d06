/**
 * Which help a page shows (spec 002 §2 "/help … the help content is fetched for the current path, with edit and
 * view child paths normalised"): one help per screen, whatever record it shows. A path is normalised by dropping
 * its query, fragment and trailing slash, lower-casing it, and writing every segment that names a record (a
 * number, a UUID, a report query's 12-character id) as `:id`, so /assessments/5d1c…/edit and
 * /assessments/9f2a…/edit share one help.
 */
const RECORD_SEGMENT = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-z_-]{12})$/i;
/** A path is a short line of plain segments; anything else is refused before it names a stream. */
export const HELP_PATH_PATTERN = /^\/[A-Za-z0-9/_:.-]{0,200}$/;

export function normaliseHelpPath(path: string): string {
  const bare = path.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  const segments = bare
    .split('/')
    .map((segment, index) => (index > 0 && RECORD_SEGMENT.test(segment) && /\d/.test(segment) ? ':id' : segment));
  return segments.join('/').toLowerCase();
}
