/**
 * The body of POST /api/reports/saved-queries and its validation. `query` holds exactly the query-string parameters
 * of the report's GET route and is checked with that route's own DTO class, so a saved query is one the report
 * answers; `comparison` holds the comparison parameters of GET /api/reports/comparison (Many Children One CANS only).
 * Field messages are keyed `query.<field>` / `comparison.<field>`.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsObject, IsOptional } from 'class-validator';
import { COMPARISON_NOT_ALLOWED } from '@cans/domain/reports/saved-report-query.decider';
import { REPORT_KINDS, REPORT_KINDS_WITH_COMPARISON, ReportKind } from '@cans/domain/reports/saved-report-query.events';
import { FieldErrors, FieldValidationException } from '../../platform/http/validation';
import { assertFilterRanges, COMPARISON_PARAMETERS, ComparisonDto, ReportDomainsDto, ReportFilterDto } from '../report-filter.dto';
import { REPORT_QUERY_DTO, reportParameterErrors } from '../report-parameters';
import { canonicalReportQuery, CanonicalReportQuery } from './saved-report-query-id';

/** The parameters of GET /api/reports/comparison beside the report's `domains`. */
const COMPARISON_FIELDS: readonly string[] = COMPARISON_PARAMETERS;

/**
 * The parameters as sent, for validation to see them: class-transformer's copy of a nested object silently drops
 * names the copy already has as methods (toString), which would save another query than the one sent.
 */
const AsSent = (): PropertyDecorator => Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => obj[key]);

export class SaveReportQueryDto {
  @ApiProperty({ enum: REPORT_KINDS, example: 'many-children-one-cans' })
  @IsIn(REPORT_KINDS, { message: `must be one of ${REPORT_KINDS.join(', ')}` })
  report!: ReportKind;

  @ApiProperty({
    description: 'The query-string parameters of the report’s GET route, e.g. { "minAge": "5", "domains": "LIFE_FUNCTIONING" }',
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  @AsSent()
  @IsObject({ message: 'must be an object of query parameters' })
  query!: Record<string, string>;

  @ApiPropertyOptional({
    description: `Many Children One CANS only: ${COMPARISON_PARAMETERS.join(', ')} (compareType and compareYear required)`,
    type: 'object',
    additionalProperties: { type: 'string' },
    nullable: true,
  })
  @IsOptional()
  @AsSent()
  @IsObject({ message: 'must be an object of comparison parameters' })
  comparison?: Record<string, string> | null;
}

/** The saved query's answer: its id and where its print view and PDF are. */
export interface SavedReportQueryLinks {
  id: string;
  report: ReportKind;
  printPath: string;
  pdfPath: string;
}

export const printPathOf = (id: string) => `/report/print/${id}`;
export const pdfPathOf = (id: string) => `/api/reports/saved-queries/${id}/pdf`;

/**
 * The body checked against the report's own route DTOs (400 with every field message at once), as its canonical
 * content: keys sorted, empty values dropped.
 */
export async function validatedReportQuery(body: SaveReportQueryDto): Promise<CanonicalReportQuery> {
  const errors: FieldErrors = {};
  const { report } = body;
  const comparison = body.comparison ?? null;
  const canonical = canonicalReportQuery(report, body.query, comparison);

  Object.assign(errors, await reportParameterErrors('query', REPORT_QUERY_DTO[report], body.query));
  if (REPORT_QUERY_DTO[report] === ReportDomainsDto && !hasErrors(errors, 'query')) Object.assign(errors, rangeErrors(body.query));

  if (comparison && !REPORT_KINDS_WITH_COMPARISON.includes(report)) errors.comparison = [COMPARISON_NOT_ALLOWED];
  else if (comparison) {
    for (const key of Object.keys(comparison))
      if (!COMPARISON_FIELDS.includes(key))
        errors[`comparison.${key}`] = [`is not a comparison parameter (${COMPARISON_FIELDS.join(', ')})`];
    Object.assign(errors, await reportParameterErrors('comparison', ComparisonDto, comparison));
  }
  if (Object.keys(errors).length) throw new FieldValidationException(errors);
  return canonical;
}

/** The report filter's cross-field rules (reversed ranges, impossible days), as the report route applies them. */
function rangeErrors(query: Record<string, string>): FieldErrors {
  try {
    assertFilterRanges(plainToInstance(ReportFilterDto, query));
    return {};
  } catch (error) {
    if (!(error instanceof FieldValidationException)) throw error;
    return Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [`query.${field}`, messages]));
  }
}

const hasErrors = (errors: FieldErrors, prefix: string) =>
  Object.keys(errors).some((key) => key === prefix || key.startsWith(`${prefix}.`));
