/**
 * csv-stringify options for RFC 4180 files: CRLF between records, and every field quoted that holds a CR or a LF
 * alone as well as the comma, the quote or CRLF. With `record_delimiter: 'windows'` csv-stringify quotes only
 * fields that hold the whole CRLF, so a narrative with a bare line feed split its row in two (issue 28).
 */
export const RFC_4180 = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;
