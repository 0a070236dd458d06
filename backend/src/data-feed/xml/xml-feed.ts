/**
 * The daily XML feed's file (docs/data-feed.md "Daily XML feed", schema docs/data-feed.xsd): one <assessment> per
 * approved assessment of the range, its elements named and typed after the columns of feed-tables.ts (the one
 * definition of every field), written as a stream one assessment at a time. A null value has no element.
 */
import { Readable } from 'node:stream';
import type { FeedAssessmentDocument } from '@cans/projections/data-feed/data-feed.queries';
import { Cell, FEED_TABLES, FeedColumn, FeedColumnType, FeedTable } from '../feed-tables';

/** Bumped when the schema changes in a way a reader must know (docs/data-feed.xsd schema_version). */
export const XML_FEED_SCHEMA_VERSION = '1';

/** How the XML nests the feed tables: the element of each table's rows and of the list around them. */
export const XML_FEED_LAYOUT = [
  { file: 'children.csv', list: null, row: null },
  { file: 'caregivers.csv', list: 'caregivers', row: 'caregiver' },
  { file: 'ratings.csv', list: 'ratings', row: 'rating' },
  { file: 'comments.csv', list: 'comments', row: 'comment' },
  { file: 'narratives.csv', list: null, row: 'narrative' },
] as const;

const tableOf = (file: string): FeedTable => {
  const table = FEED_TABLES.find((candidate) => candidate.file === file);
  if (!table) throw new Error(`feed-tables.ts has no ${file}`);
  return table;
};

/** The columns a table's element carries: nested rows leave out assessment_id (their parent says it). */
export function xmlColumnsOf(file: string): FeedColumn<unknown>[] {
  const columns = tableOf(file).columns;
  return file === 'children.csv' ? columns : columns.filter((column) => column.name !== 'assessment_id');
}

/** Characters XML 1.0 cannot carry at all (a pasted control character must not make the file unreadable). */
const NOT_XML = new RegExp(
  // eslint-disable-next-line no-control-regex -- these are exactly the characters to strip
  '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]',
  'g',
);

export const xmlText = (value: string): string =>
  value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // A parser turns a bare CR into LF; the character reference keeps the text as written.
    .replace(/\r/g, '&#13;');

const TEXT_TYPES: ReadonlySet<FeedColumnType> = new Set(['id', 'text']);

/** The element of one value, or '' when the value is absent ('' counts as absent for non-text types). */
function element(column: FeedColumn<unknown>, value: Cell): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (text === '' && !TEXT_TYPES.has(column.type)) return '';
  return `<${column.name}>${xmlText(text)}</${column.name}>`;
}

const rowElements = (columns: FeedColumn<unknown>[], row: unknown): string => columns.map((c) => element(c, c.value(row))).join('');

/** One <assessment> element, indented for people who open the file. */
export function assessmentXml(doc: FeedAssessmentDocument): string {
  const parts: string[] = [];
  for (const { file, list, row } of XML_FEED_LAYOUT) {
    const table = tableOf(file);
    const columns = xmlColumnsOf(file);
    const rows = table.rowsOf(doc);
    if (row === null) parts.push(...rows.map((r) => `\n    ${rowElements(columns, r)}`));
    else {
      const items = rows.map((r) => `\n      <${row}>${rowElements(columns, r)}</${row}>`).join('');
      parts.push(list === null ? items.replace(/^\n {6}/, '\n    ') : `\n    <${list}>${items}${items ? '\n    ' : ''}</${list}>`);
    }
  }
  return `  <assessment>${parts.join('')}\n  </assessment>\n`;
}

export interface XmlFeedHeader {
  from: string;
  to: string;
  generatedAt: Date;
}

/**
 * The file as a stream: the header, then each assessment as the source yields it (the caller's source reads the
 * read model a chunk at a time), then the closing tag. `onAssessment` sees each assessment written (counts, the ids a read record names).
 */
export function xmlFeedStream(
  header: XmlFeedHeader,
  source: () => AsyncIterable<FeedAssessmentDocument>,
  onAssessment: (assessment: FeedAssessmentDocument) => void = () => {},
): Readable {
  async function* chunks(): AsyncGenerator<string> {
    const attributes = `schema_version="${XML_FEED_SCHEMA_VERSION}" from="${header.from}" to="${header.to}" generated_at="${header.generatedAt.toISOString()}"`;
    yield `<?xml version="1.0" encoding="UTF-8"?>\n<cans_data_feed ${attributes}>\n`;
    for await (const doc of source()) {
      onAssessment(doc);
      yield assessmentXml(doc);
    }
    yield '</cans_data_feed>\n';
  }
  return Readable.from(chunks(), { objectMode: false });
}
