/*
 * The many-children report filter (spec 001 §3, §5) as the wizard holds it, and its query string for the reports
 * API (backend/src/reports/report-filter.dto.ts): lists comma-joined (race with ##), -1 ages, empty fields and
 * empty lists left out — none selected means all.
 */

export interface ReportFilter {
  type: string;
  minAge: number;
  maxAge: number;
  agency: string[];
  county: string;
  assessor: string[];
  gender: string[];
  race: string[];
  language: string;
  welfareStatus: string;
  cin: string;
  startDoa: string;
  endDoa: string;
}

/** Spec §5: Select All (-1) and ages 0 to 22. */
export const SELECT_ALL_AGES = -1;
export const AGE_CHOICES: readonly number[] = [SELECT_ALL_AGES, ...Array.from({ length: 23 }, (_, age) => age)];

export const emptyReportFilter = (): ReportFilter => ({
  type: '',
  minAge: SELECT_ALL_AGES,
  maxAge: SELECT_ALL_AGES,
  agency: [],
  county: '',
  assessor: [],
  gender: [],
  race: [],
  language: '',
  welfareStatus: '',
  cin: '',
  startDoa: '',
  endDoa: '',
});

/** PIDs typed comma-separated, trimmed, empties dropped. */
export const pidsOf = (text: string): string[] =>
  text
    .split(',')
    .map((pid) => pid.trim())
    .filter((pid) => pid !== '');

/** The filter's query parameters, in a stable order (the report URLs are shareable and cached by path). */
export function reportFilterParams(filter: ReportFilter): URLSearchParams {
  const params = new URLSearchParams();
  const put = (name: string, value: string) => {
    if (value !== '') params.set(name, value);
  };
  put('type', filter.type);
  if (filter.minAge !== SELECT_ALL_AGES) put('minAge', String(filter.minAge));
  if (filter.maxAge !== SELECT_ALL_AGES) put('maxAge', String(filter.maxAge));
  put('agency', filter.agency.join(','));
  put('county', filter.county);
  put('assessor', filter.assessor.join(','));
  put('gender', filter.gender.join(','));
  put('race', filter.race.join('##'));
  put('language', filter.language);
  put('welfareStatus', filter.welfareStatus);
  put('cin', pidsOf(filter.cin).join(','));
  put('startDoa', filter.startDoa);
  put('endDoa', filter.endDoa);
  return params;
}

/** `path?filter&extra`, extra parameters appended after the filter's. */
export function reportPath(path: string, filter: ReportFilter, extra: Record<string, string> = {}): string {
  const params = reportFilterParams(filter);
  for (const [name, value] of Object.entries(extra)) if (value !== '') params.set(name, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
