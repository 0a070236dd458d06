/**
 * The messages of "Export of approved assessments" (spec 002 §4, §5, §8). The spec gives the wording of the zero and
 * too-many messages; for export_assessment_doa_required it lists 'Please select Date Range.' beside it in the
 * library's catalogue, which we take as its text. The UI shows what the server answers.
 */
export const EXPORT_LIMIT = 5000;

export const ExportMessages = {
  export_assessment_doa_required: 'Please select Date Range.',
  export_assessment_zero: 'There are no assessments to export.',
  export_assessment_too_many: 'The file cannot be generated as there are more than 5000 assessments, please narrow the date range.',
  range_order: 'The start date must not be after the end date.',
  email_required: 'Please enter the email address to send the file to.',
  email_format: 'Please enter a valid email address.',
} as const;

/** An API client asked for more assessments than its API user may fetch in one request. */
export const apiClientLimitMessage = (count: number, maxRecords: number): string =>
  `The range holds ${count} assessments, more than the ${maxRecords} records this API user may fetch in one request; please narrow the date range.`;
