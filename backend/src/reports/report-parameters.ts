/**
 * Report parameters as each report's GET route reads them (its DTO class, converted and validated), for the places
 * that hold them apart from a request: a saved query (saved-queries/), its PDF (pdf/) and the glances of a report
 * (glance/). One reading, so a saved query is exactly a query the route answers.
 */
import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { ReportKind } from '@cans/domain/reports/saved-report-query.events';
import { FieldErrors, FieldValidationException, flattenValidationErrors } from '../platform/http/validation';
import { ReportDomainsDto } from './report-filter.dto';
import { OneChildManyCansDto, OneChildOneCansDto } from './time-points/time-point.dto';

/** The DTO class of each report's GET route (`/api/reports/<kind>`). */
export const REPORT_QUERY_DTO = {
  'one-child-one-cans': OneChildOneCansDto,
  'many-children-one-cans': ReportDomainsDto,
  'one-child-many-cans': OneChildManyCansDto,
  'many-children-many-cans': ReportDomainsDto,
} as const satisfies Record<ReportKind, ClassConstructor<object>>;

const PARAMETER_NAME = /^[A-Za-z][A-Za-z0-9]{0,49}$/;

/**
 * The field messages of `parameters` under the DTO's rules, keyed `<prefix>.<field>` (or `<field>` without a prefix;
 * none: valid): text values
 * under plain parameter names, then the DTO's own rules with unknown parameters refused.
 */
export async function reportParameterErrors(
  prefix: string,
  dto: ClassConstructor<object>,
  parameters: Record<string, unknown>,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const at = (field: string) => (prefix ? `${prefix}.${field}` : field);
  for (const [key, value] of Object.entries(parameters)) {
    if (!PARAMETER_NAME.test(key)) errors[prefix || 'parameters'] = ['parameter names are letters and digits'];
    else if (key in Object.prototype) errors[at(key)] = ['is not a parameter of this report'];
    else if (typeof value !== 'string') errors[at(key)] = ['must be text, as in a query string'];
  }
  if (Object.keys(errors).length) return errors;
  const instance = plainToInstance(dto, parameters);
  const invalid = await validate(instance, { whitelist: true, forbidNonWhitelisted: true });
  // One message once: a bad number fails several of its rules with the same words.
  return Object.fromEntries(
    Object.entries(flattenValidationErrors(invalid, prefix)).map(([field, messages]) => [field, [...new Set(messages)]]),
  );
}

/** The parameters as the DTO's instance (types converted); a refusal is a 400 naming `<prefix>.<field>`. */
export async function readReportParameters<T extends object>(
  dto: ClassConstructor<T>,
  parameters: Record<string, string>,
  prefix = 'query',
): Promise<T> {
  const errors = await reportParameterErrors(prefix, dto, parameters);
  if (Object.keys(errors).length) throw new FieldValidationException(errors);
  return plainToInstance(dto, parameters);
}

/** The comparison route's parameters of a saved Many Children One CANS query: its comparison and the report's domains. */
export const comparisonParameters = (query: Record<string, string>, comparison: Record<string, string>): Record<string, string> => ({
  ...(query.domains !== undefined ? { domains: query.domains } : {}),
  ...comparison,
});
